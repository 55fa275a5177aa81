import time
s = time.struct_time((2024, 2, 29, 12, 30, 0, 3, 60, 0))
print(s.tm_year, s.tm_mday, time.strftime("%Y/%m/%d %H:%M", s))
print(time.gmtime(time.mktime(time.localtime(1000000000)) - 0).tm_year)
