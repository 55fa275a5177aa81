import string
vocab = list(string.ascii_lowercase + " ")
idx = [vocab.index(c) for c in "hello world"]
print(idx, "".join([vocab[i] for i in idx]), len(vocab))
