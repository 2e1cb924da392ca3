"""`equation-duel solve` (the value of a position and its best moves, in words or
`--json`), `equation-duel arena` (computer players against each other), and the computer
players of `play`. Usage errors are one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.cli.game_flags import add_game_flags, options_from_args, whole_number
from app.cli.usage import fail
from app.plain.stops import EndOfInput
from rules.base import IllegalMove, PlayerNo
from rules.player_text import PlayerTextError, read_moves
from rules.registry import GAME_IDS, get_game
from rules.words.advice import verdict_line
from rules.words.moves import move_sentence
from rules.words.outcome import result_sentence

#: What a seat can hold: a person at the keyboard or a computer level.
SEATS: tuple[str, ...] = ("human", "easy", "medium", "perfect")
#: No game of these rules lasts this long; an arena game that does is stopped.
MOVE_LIMIT = 10_000
#: How many of the best moves `solve` describes (the JSON has them all).
LISTED = 12


#: What a solver may raise on a position it cannot answer: the caller says so in a line.
SOLVER_FAILURES: tuple[type[BaseException], ...] = (ValueError, RecursionError, MemoryError)


def solver_message(error: BaseException) -> str:
    """A solver refusal as one line a player can read."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    if isinstance(error, RecursionError | MemoryError) or not text:
        return "the solver cannot answer this position (it is too deep to search)"
    return f"the solver cannot answer this position: {text}"


class ComputerCannotMove(EndOfInput):
    """A computer player's solver could not answer: the game stops and can be saved."""


def guarded(bot: Any) -> Any:
    def move(state: Any) -> Any:
        try:
            return bot(state)
        except SOLVER_FAILURES as error:
            raise ComputerCannotMove(solver_message(error)) from None

    return move


def add_player_flags(parser: argparse.ArgumentParser) -> None:
    """`--p1`/`--p2` (who plays each seat) and `--seed` for `play`."""
    parser.add_argument("--p1", choices=SEATS, default="human", help="who plays Player 1")
    parser.add_argument("--p2", choices=SEATS, default="human", help="who plays Player 2")
    parser.add_argument(
        "--seed", type=whole_number, default=None, help="seed for the computer players' choices"
    )


def add_solve_parsers(sub: Any) -> None:
    solve = sub.add_parser(
        "solve",
        help="solve a position",
        description="Who wins with best play from the position the moves reach.",
    )
    solve.add_argument("game", choices=GAME_IDS)
    solve.add_argument("--moves", default="", help="moves to play first, in notation")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    add_game_flags(solve)

    arena = sub.add_parser(
        "arena",
        help="computer players against each other",
        description="Play computer players against each other and count the wins.",
    )
    arena.add_argument("game", choices=GAME_IDS)
    levels = SEATS[1:]
    arena.add_argument("--p1", choices=levels, default="perfect", help="level of Player 1")
    arena.add_argument("--p2", choices=levels, default="easy", help="level of Player 2")
    arena.add_argument("--games", type=whole_number, default=10, help="how many games (default 10)")
    arena.add_argument(
        "--seed", type=whole_number, default=0, help="seed for the players (default 0)"
    )
    arena.add_argument("--json", action="store_true", help="print the result as JSON")
    add_game_flags(arena)


def cmd_solve(args: argparse.Namespace) -> int:
    from rules.solver.core import solve

    game = get_game(args.game)
    options = options_from_args(game, args)
    try:
        state = game.replay(options, read_moves(args.moves))
    except (IllegalMove, PlayerTextError) as error:
        return fail(f"--moves: {error}")
    try:
        solution = solve(game.id, state)
    except SOLVER_FAILURES as error:
        return fail(solver_message(error), code=1)
    described = [move_sentence(game.id, state, move) for move in solution.best_moves]
    if args.json:
        print(
            json.dumps(
                {
                    "game": game.id,
                    "to_move": solution.to_move,
                    "winner": solution.winner,
                    "best_moves": list(solution.best_moves),
                    "described": described,
                    "seconds": solution.seconds,
                }
            )
        )
        return 0
    outcome = game.outcome(state)
    if outcome is not None:
        print(f"The game is over: {result_sentence(outcome)}")
        return 0
    print(verdict_line(solution.winner, solution.to_move, solution.plies))
    wins = solution.winner == solution.to_move
    if wins:
        print("Moves that keep the win:")
    else:  # the solver lists every move of a lost position: keep the longest defences
        from rules.solver.core import move_values

        values = move_values(game.id, state)
        longest = max((plies for _, plies in values.values()), default=0)
        held = [m for m in solution.best_moves if values.get(m, (0, longest))[1] == longest]
        if len(held) == len(solution.best_moves):
            print("Every move loses against best play, all alike:")
        else:
            print("Every move loses; these hold out longest:")
            described = [move_sentence(game.id, state, move) for move in held]
    for line in described[:LISTED]:
        print(f"  {line}")
    if len(described) > LISTED:
        print(f"  … and {len(described) - LISTED} more.")
    print(f"Solved in {solution.seconds:.3f} s.")
    return 0


def make_bots(game_id: str, seats: dict[PlayerNo, str], seed: int | None) -> dict[PlayerNo, Any]:
    """Computer players for the seats that are not `human`."""
    if all(level == "human" for level in seats.values()):
        return {}
    from rules.players import make_player

    return {
        player: guarded(make_player(level, game_id, None if seed is None else seed * 2 + player))
        for player, level in seats.items()
        if level != "human"
    }


def cmd_arena(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    options = options_from_args(game, args)
    if args.games < 0:
        return fail(f"--games: {args.games} is not a number of games (0 or more)")
    wins = {1: 0, 2: 0}
    for number in range(args.games):
        seed = args.seed * 1_000_003 + number
        bots = make_bots(game.id, {1: args.p1, 2: args.p2}, seed)
        state = game.new(options)
        for _ in range(MOVE_LIMIT):
            outcome = game.outcome(state)
            if outcome is not None:
                wins[outcome.winner] += 1
                break
            try:
                move = bots[game.to_move(state)](state)
            except ComputerCannotMove as error:
                return fail(f"game {number + 1}: {error}", code=1)
            state = game.play(state, move)
        else:
            return fail(f"game {number + 1} did not end after {MOVE_LIMIT} moves", code=1)
    if args.json:
        print(json.dumps({"games": args.games, "wins": {"1": wins[1], "2": wins[2]}}))
    else:
        print(f"{args.games} games of {game.id}:")
        for seat, level in ((1, args.p1), (2, args.p2)):
            print(f"  Player {seat} ({level}) won {wins[seat]}")
    return 0
