"""An example submission: a program speaking the line protocol (docs/player-protocol.md), batched.
It plays the smallest card the pile takes, as the assignment's SmallestCardAI does."""
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank(card):
    return RANKS.index(card[:-1]) + 1


def get_play(observation):
    # hand <c1>,...,<c5> top <card> pile <n> score <mine> <theirs>
    words = observation.split()
    hand, top = words[1].split(","), words[3]
    playable = [card for card in hand if card[-1] == top[-1] or rank(card) >= rank(top)]
    return min(playable, key=rank) if playable else "none"


owed, answers = 0, []
for line in sys.stdin:
    if owed > 0:
        answers.append(get_play(line))
        owed -= 1
        if owed == 0:
            print("\n".join(answers), flush=True)
    elif line.startswith("batch "):
        owed, answers = int(line.split()[1]), []
