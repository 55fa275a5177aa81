import time
for secs in [0, 59, 3600, 86399, 86400, 31536000, 951782400]:
    g = time.gmtime(secs)
    print(secs, time.strftime("%Y-%m-%d %H:%M:%S", g), g.tm_wday)
