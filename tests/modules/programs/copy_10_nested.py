import copy
grid = [[0] * 3 for _ in range(3)]
g2 = copy.deepcopy(grid)
g2[1][1] = 5
print(grid, g2)
shallow = copy.copy(grid)
shallow[0][0] = 7
print(grid[0], shallow is grid, shallow == grid)
