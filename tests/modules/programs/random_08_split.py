import random
random.seed(3)
data = list(range(20))
random.shuffle(data)
train, test = data[:15], data[15:]
print(train, test)
batches = [data[i:i + 6] for i in range(0, len(data), 6)]
print(batches, len(batches))
