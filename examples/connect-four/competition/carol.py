"""An example Python submission speaking the line protocol: the rightmost free column."""
import sys

heights = [0] * 7
for line in sys.stdin:
    words = line.split()
    if words[0] == "init":
        print("ready", flush=True)
    elif words[0] == "inform":
        heights[int(words[1])] += 1
    elif words[0] == "move":
        column = max(c for c in range(7) if heights[c] < 6)
        heights[column] += 1
        print(column, flush=True)
