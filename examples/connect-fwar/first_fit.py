#!/usr/bin/env python3
"""A ConnectFwar player over the line protocol (docs/player-protocol.md), in plain Python.

It plays as the assignment's BasicPlayer: the drawn card goes on the first column it may go on
(a column's top card must not outrank it; an empty column takes any card; a full one none), else
it is discarded. Run it in the lab:

    tabletop connect-fwar compare --players basic,exec:python3 examples/connect-fwar/first_fit.py
"""
import sys

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def rank(code):
    """The rank (1-13) of an ASCII card code such as 7H, 10S or AD."""
    text = code[:-1]
    return RANKS[text] if text in RANKS else int(text)


def next_move(observation):
    """The column (0-3) for one observation line: card <c> board <col0> <col1> <col2> <col3> dealt <cards>."""
    words = observation.split()
    card = rank(words[1])
    for column, cards in enumerate(words[3:7]):
        if cards == "-":
            return column
        stack = cards.split(",")
        if len(stack) < 4 and card >= rank(stack[-1]):
            return column
    return -1  # no column takes it: the card is discarded


def main():
    stdin, stdout = sys.stdin, sys.stdout
    for line in stdin:
        if line.startswith("batch "):
            count = int(line.split()[1])
            answers = [str(next_move(stdin.readline())) for _ in range(count)]
            stdout.write("\n".join(answers) + "\n")
            stdout.flush()
        # "game connect-fwar" and any other announcement need no answer


if __name__ == "__main__":
    main()
