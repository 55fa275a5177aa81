class EarlyStop(Exception):
    def __init__(self, epoch):
        super().__init__(f"stopped at epoch {epoch}")
        self.epoch = epoch
def train(losses, patience):
    best = float("inf")
    waited = 0
    for epoch, loss in enumerate(losses):
        if loss < best:
            best, waited = loss, 0
        else:
            waited += 1
            if waited >= patience:
                raise EarlyStop(epoch)
    return best
try:
    train([5, 4, 3, 3.5, 3.6, 3.7], 2)
except EarlyStop as e:
    print(e, e.epoch)
print(train([3, 2, 1], 2))
