from string import Template
t = Template("$who likes $what, ${who}s")
print(t.substitute(who="tim", what="pie"), t.safe_substitute(who="al"), t.template)
print(Template("$$5 for $x").substitute(x=1), t.get_identifiers(), t.is_valid())
