import time
t = time.gmtime(1234567890)
for fmt in ["%Y-%m-%d", "%H:%M:%S", "%a %b %d", "%j", "%y%m%d", "%%", "%A %B"]:
    print(fmt, time.strftime(fmt, t))
