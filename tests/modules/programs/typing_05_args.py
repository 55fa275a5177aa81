import typing
print(typing.get_args(typing.Dict[str, int]), typing.get_origin(typing.List[int]), typing.get_args(typing.Optional[int]))
