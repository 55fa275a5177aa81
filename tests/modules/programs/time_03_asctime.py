import time
print(time.asctime(time.gmtime(0)), time.asctime(time.gmtime(10 ** 9)))
print(time.strftime("%c", time.gmtime(86400 * 365)))
