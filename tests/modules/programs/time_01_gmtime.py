import time
g = time.gmtime(0)
print(g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec, g.tm_wday, g.tm_yday, g.tm_isdst)
print(tuple(g)[:6], g[0], len(g))
