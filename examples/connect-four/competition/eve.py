"""An example submission that misbehaves: at each game's start it tries to open a network connection
and to write a file outside its folder (both refused in the sandbox: it says so on stderr), then
plays the leftmost free column."""
import socket
import sys

def attempt(what, action):
    try:
        action()
        print(f"eve: {what}: succeeded", file=sys.stderr, flush=True)
    except OSError as error:
        print(f"eve: {what}: refused ({error})", file=sys.stderr, flush=True)

def write_outside():
    with open("../eve-was-here.txt", "w") as out:
        out.write("escaped\n")

heights = [0] * 7
for line in sys.stdin:
    words = line.split()
    if words[0] == "init":
        attempt("connect to 1.1.1.1:53", lambda: socket.create_connection(("1.1.1.1", 53), timeout=2).close())
        attempt("write ../eve-was-here.txt", write_outside)
        print("ready", flush=True)
    elif words[0] == "inform":
        heights[int(words[1])] += 1
    elif words[0] == "move":
        column = min(c for c in range(7) if heights[c] < 6)
        heights[column] += 1
        print(column, flush=True)
