"""An example submission that misbehaves: at its start it tries to open a network connection, to
write a file outside its folder (both refused in the sandbox: it says so on stderr) and to leave a
child running (setsid; it ends with the program's sandbox); then it plays the first card the pile
takes, except that it answers a card it does not hold whenever the pile holds exactly 3 cards (a
fault: that round is lost)."""
import socket
import subprocess
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def attempt(what, action):
    try:
        action()
        print(f"eve: {what}: succeeded", file=sys.stderr, flush=True)
    except OSError as error:
        print(f"eve: {what}: refused ({error})", file=sys.stderr, flush=True)


def write_outside():
    with open("../eve-was-here.txt", "w") as out:
        out.write("escaped\n")


attempt("connect to 1.1.1.1:53", lambda: socket.create_connection(("1.1.1.1", 53), timeout=2).close())
attempt("write ../eve-was-here.txt", write_outside)
attempt("start setsid sleep 3601", lambda: subprocess.Popen(["setsid", "sleep", "3601"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL))


def get_play(observation):
    words = observation.split()
    hand, top, pile = words[1].split(","), words[3], int(words[5])
    if pile == 3:
        return "ZZ"
    rank = lambda card: RANKS.index(card[:-1])
    return next((card for card in hand if card[-1] == top[-1] or rank(card) >= rank(top)), "none")


owed, answers = 0, []
for line in sys.stdin:
    if owed > 0:
        answers.append(get_play(line))
        owed -= 1
        if owed == 0:
            print("\n".join(answers), flush=True)
    elif line.startswith("batch "):
        owed, answers = int(line.split()[1]), []
