import time
t = time.strptime("2023-07-14 08:15:00", "%Y-%m-%d %H:%M:%S")
print(t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_yday, t.tm_wday)
print(time.strftime("%d %B %Y", time.strptime("1 Jan 2000", "%d %b %Y")))
