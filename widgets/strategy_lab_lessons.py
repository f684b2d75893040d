"""The strategy lab lesson's screens (``widgets/data/strategy_lab.toml``): what a computer player is and what it
sees, picking two players and a game, a tournament played with a progress bar, a prediction checked against the
stored games, the rulebooks' tips, and every answer in one chart.

Every answer a question checks is computed here: from the engine (what a seat sees) or from the tournaments
stored with the package (:mod:`pirates_lab.lab.stored`, read-only), so no screen plays a game to appear.

>>> hidden_from_captain_1() == sum(HIDDEN_COUNTS().values())
True
>>> tip_win_share() == stored_tip().results.win_rate(stored_tip().plan.labels[0])
True
"""
from __future__ import annotations

import html
import random
import re
import threading
from functools import lru_cache

import ipywidgets as widgets
import traitlets

from pirates_lab.core import InvalidInput, SeatView, games as registered_games
from pirates_lab.core.loop import play as play_loop
from pirates_lab.lab.policies import make_policy
from pirates_lab.lab.stored import StoredTournament, load
from pirates_lab.lab.tournament import tournament

from .kit import error_html
from .strategy_lab import (BUTTON, ProgressExecutor, QuestionScreen, Stopped, chart_rows, lab_chart,
                           verdict_sentence, words)

__all__ = ["GAME", "SEAT", "position", "seat_view", "HIDDEN_COUNTS", "hidden_from_captain_1", "hidden_why",
           "PLAYERS", "Pick", "PICK", "PlayerPicker", "pick_players", "TournamentRun", "run_tournament",
           "TIP_KEY", "stored", "stored_tip", "tip_to_predict", "tip_win_share", "tip_verdict", "TipsBrowser",
           "tips", "summary", "Redeal", "OneGame"]

#: the position of the first screen: a three-captain game of Plunder at Captain 1's first decision
GAME, PLAYERS_AT_TABLE, SEAT, SEED = "plunder", 3, 0, 3

#: the players a class may pick, per game, in plain words (what each does); "random" is every game's
PLAYERS: dict[str, dict[str, str]] = {
    "plunder": {
        "greedy": "a trader with a goal: buys goods where a Port sells them cheaper than another Port buys them, "
                  "sails the shortest way there, sells, and keeps out of fights",
        "random": "picks any move the rules allow, at random",
    },
    "king_of_pirates": {
        "greedy": "sails for the target worth most per turn of sailing, attacks when its exact chance of winning is "
                  "at least 30%, and re-rolls by the best re-roll rule",
        "cannoneer": "follows the tip about cannonballs: buys the Gun deck, hires pirates who carry more "
                     "cannonballs and restocks when it runs low",
        "no_cannonballs": "plays like the greedy captain but never re-rolls with a cannonball",
        "random": "picks any move the rules allow, at random",
    },
    "pillage_and_plunder": {
        "merchant_hunter": "plays at random, but attacks merchant ships and never attacks another player",
        "player_hunter": "plays at random, but attacks other players and lets merchant ships pass",
        "rum_and_fruit": "plays at random, but loads Rum and Fruit aboard when it can",
        "no_provisions": "plays at random, but never loads Rum or Fruit",
        "crew_keeper": "plays at random, but hires crew when it can and never lets crew go",
        "crew_spender": "plays at random, but lets crew go and never hires",
        "random": "picks any move the rules allow, at random",
    },
    "pirates_and_plunder": {
        "greedy": "looks one move ahead: the move that would leave it furthest ahead if the game ended now",
        "bluffer": "plays at random but seeks battles, and in a battle mixes its choices as the secret battle's "
                   "best mix says",
        "open_hand": "plays at random but seeks battles, and in a battle plays as if both hands were open",
        "random": "picks any move the rules allow, at random",
    },
}
#: the match the picker opens on (quick to play: a few seconds for 20 games)
DEFAULT_PICK = ("plunder", "greedy", "random")
RUN_GAMES = (10, 20, 40)


# ---------------------------------------------------------------- 1. a computer player sees its seat only
def position():
    """Three captains of Plunder, played by the engine (seeded) until Captain 1's first decision."""
    state = registered_games()[GAME](players=PLAYERS_AT_TABLE).new_initial_state()
    playthrough = play_loop(state, humans={SEAT}, rng=random.Random(SEED))
    for _ in playthrough:
        pass
    return playthrough.state


def _captain(seat: int) -> str:
    from .plunder import captain_name

    return captain_name(seat)


def _cards(names) -> str:
    counted: dict[str, int] = {}
    for name in names:
        counted[name] = counted.get(name, 0) + 1
    return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counted.items())


def HIDDEN_COUNTS() -> dict[str, int]:
    """What Captain 1 cannot see, by where it is: each other captain's hand and the deck (counted from the
    engine's state, not from the view)."""
    state = position()
    hidden = {f"{_captain(p)}'s hand": len(state.hand(p)) for p in range(PLAYERS_AT_TABLE) if p != SEAT}
    hidden["the deck"] = sum(state.deck.values())
    return hidden


def hidden_from_captain_1() -> int:
    """How many cards Captain 1 cannot see (the other hands and the deck)."""
    return sum(HIDDEN_COUNTS().values())


def hidden_why() -> str:
    parts = [f"{where}: {n}" for where, n in HIDDEN_COUNTS().items()]
    return ("Face down for Captain 1: " + ", ".join(parts) + f"; {' + '.join(str(n) for n in HIDDEN_COUNTS().values())}"
            f" = {hidden_from_captain_1()} cards. It knows how many there are, not which.")


def _redeal_keeps_the_view(state, rng_seed: int = 5) -> tuple[bool, bool]:
    """(Captain 1's view unchanged, Captain 2's view changed) after the cards Captain 1 cannot see are re-dealt."""
    redealt = state.redeal_hidden(SEAT, random.Random(rng_seed))
    other = (SEAT + 1) % PLAYERS_AT_TABLE
    return (redealt.observation(SEAT) == state.observation(SEAT),
            redealt.observation(other) != state.observation(other))


def seat_view() -> widgets.Widget:
    """What Captain 1's computer player is given (its seat's view: its hand, the table, the moves allowed) beside
    what it is not (the other hands, the deck), the move a trader with a goal picks, and a re-deal proving it."""
    state = position()
    view = SeatView(state, SEAT)
    seen = view.observation
    mats = "".join(f"<li>{html.escape(_captain(p))}: {cap['silver']} silver, {html.escape(cap['ship'])}, "
                   f"{cap['hand_size']} cards</li>" for p, cap in enumerate(seen["captains"]))
    moves = ", ".join(html.escape(str(a)) for a in view.legal_actions)
    chosen = make_policy(GAME, "greedy")(view, random.Random(SEED))
    sees = (f"<div class='pl-lab-sees' style='flex:1 1 22em'><b>What {html.escape(_captain(SEAT))} is shown</b><ul>"
            f"<li>its own hand: {html.escape(_cards(seen['hand']))}</li>"
            f"<li>the sea: {len(seen['sea'])} cards face up</li>{mats}"
            f"<li>the moves the rules allow now: {moves}</li></ul></div>")
    others = [p for p in range(PLAYERS_AT_TABLE) if p != SEAT]
    hidden = (f"<div class='pl-lab-hidden' style='flex:1 1 16em'><b>What it is not shown</b><ul>"
              + "".join(f"<li>which cards {html.escape(_captain(p))} holds</li>" for p in others)
              + "<li>which cards are in the deck, and their order</li></ul></div>")
    same, changed = _redeal_keeps_the_view(state)
    proof = ("<p>Checked now: the cards it cannot see were dealt again at random. What Captain 1 is shown "
             + ("did not change" if same else "<b>changed</b>") + ("; what Captain 2 is shown did." if changed else ".")
             + f" A trader with a goal, shown this, picks <b>{html.escape(str(chosen))}</b>.</p>")
    box = widgets.HTML(f"<div style='display:flex;flex-wrap:wrap;gap:12px'>{sees}{hidden}</div>{proof}")
    box.add_class("pl-lab-seat-view")
    return widgets.VBox([box, Redeal(view)], layout=widgets.Layout(max_width="100%"))


class Redeal(widgets.VBox):
    """A button that deals the cards Captain 1 cannot see again (seeded: the n-th press is the same on every page,
    and Reset starts again), and what that changed: Captain 1's view (never) and Captain 2's hand.

    It is given Captain 1's seat view, never the game's state: each press asks the view for a world that seat
    cannot tell from the real one (``view.redeal``), as a search player does.

    >>> redeal = Redeal(position().view(SEAT)); redeal.press(); redeal.presses
    1
    >>> "did not change" in redeal.said.value
    True
    """

    def __init__(self, view: SeatView):
        if not isinstance(view, SeatView):
            raise InvalidInput("Redeal shows a seat's view: give it state.view(seat), not the state.")
        self.view, self.presses = view, 0
        self.button = widgets.Button(description="Deal the hidden cards again", icon="random",
                                     layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.button.add_class("pl-lab-redeal")
        self.button.on_click(lambda _: self.press())
        self.said = widgets.HTML("")            # filled when the button is pressed (the screen stays short)
        super().__init__([self.button, self.said], layout=widgets.Layout(max_width="100%"))

    def press(self) -> None:
        self.presses += 1
        other = (SEAT + 1) % PLAYERS_AT_TABLE
        redealt = self.view.redeal(random.Random(f"redeal-{self.presses}"))
        same = redealt.observation(SEAT) == self.view.observation
        self.said.value = (f"<p>Deal {self.presses}: what {html.escape(_captain(SEAT))} is shown "
                           + ("did not change" if same else "<b>changed</b>")
                           + f"; in this deal {html.escape(_captain(other))} would hold "
                           f"{html.escape(_cards(redealt.observation(other)['hand']))}.</p>")


# ---------------------------------------------------------------- 2. pick the players and a game
class Pick(traitlets.HasTraits):
    """The game and the two players picked (shared by the picking and the tournament screens)."""

    game = traitlets.Unicode(DEFAULT_PICK[0])
    first = traitlets.Unicode(DEFAULT_PICK[1])
    second = traitlets.Unicode(DEFAULT_PICK[2])

    def title(self) -> str:
        return registered_games()[self.game].title

    def labels(self) -> tuple[str, str]:
        """The two players' names as a chart shows them (told apart when both are the same player)."""
        first, second = words(self.first), words(self.second)
        return (first, second) if first != second else (f"{first} (A)", f"{second} (B)")


PICK = Pick()


def _player_options(game: str) -> list[tuple[str, str]]:
    return [(words(name), name) for name in PLAYERS[game]]


class PlayerPicker(widgets.VBox):
    """A game and two of its computer players, each said in words; the choice is :data:`PICK`."""

    def __init__(self, pick: Pick = PICK):
        self.pick = pick
        pick.game, pick.first, pick.second = DEFAULT_PICK        # the screen as it starts
        field = widgets.Layout(width="auto", min_width="12em", max_width="100%")
        self.game = widgets.Dropdown(options=[(registered_games()[g].title, g) for g in PLAYERS], value=pick.game,
                                     layout=field)
        self.first = widgets.Dropdown(options=_player_options(pick.game), value=pick.first, layout=field)
        self.second = widgets.Dropdown(options=_player_options(pick.game), value=pick.second, layout=field)
        for control in (self.game, self.first, self.second):
            control.add_class("pl-lab-pick")
        self.says = widgets.HTML()
        self.says.add_class("pl-lab-pick-says")
        self.game.observe(self._game_changed, names="value")
        self.first.observe(lambda change: self._set("first", change["new"]), names="value")
        self.second.observe(lambda change: self._set("second", change["new"]), names="value")

        def labelled(text, control):
            return widgets.VBox([widgets.HTML(f"<b>{html.escape(text)}</b>"), control],
                                layout=widgets.Layout(margin="0 12px 6px 0", max_width="100%"))

        row = widgets.HBox([labelled("Game", self.game), labelled("Player A", self.first),
                            labelled("Player B", self.second)],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([row, self.says], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-lab-picker")
        self._show()

    def _game_changed(self, change) -> None:
        game = change["new"]
        options = _player_options(game)
        names = [name for _, name in options]
        first = "greedy" if "greedy" in names else names[0]
        self.pick.game = game
        self.first.options, self.second.options = options, options
        self.first.value, self.second.value = first, "random"
        self.pick.first, self.pick.second = first, "random"
        self._show()

    def _set(self, which: str, name) -> None:
        if name is not None:
            setattr(self.pick, which, name)
        self._show()

    def _show(self) -> None:
        game = self.pick.game
        rows = "".join(f"<li><b>Player {letter}, {html.escape(words(name))}</b>: {html.escape(PLAYERS[game][name])}"
                       "</li>" for letter, name in (("A", self.pick.first), ("B", self.pick.second)))
        self.says.value = (f"<p>{html.escape(self.pick.title())}, two players:</p><ul>{rows}</ul>"
                           "<p>Both see only their own seat. Seats change every game, so neither keeps the first "
                           "move. The next screen plays them against each other.</p>")


def pick_players() -> widgets.Widget:
    return PlayerPicker()


# ---------------------------------------------------------------- 3. a tournament, with progress
def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class TournamentRun(widgets.VBox):
    """Play the picked players against each other: a number of games, Play, a progress bar, Stop; then each
    player's win rate with its range (a bqplot chart) and a sentence."""

    def __init__(self, pick: Pick = PICK):
        self.pick = pick
        self.results = None
        self._stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.match = widgets.HTML()
        self.match.add_class("pl-lab-match")
        self.games = widgets.ToggleButtons(options=[(f"{n} games", n) for n in RUN_GAMES], value=20,
                                           style={"button_width": "auto"})
        self.games.add_class("pl-lab-games")
        self.play_button = widgets.Button(description="Play the games", icon="play", button_style="primary",
                                          layout=BUTTON)
        self.play_button.add_class("pl-lab-play")
        self.stop_button = widgets.Button(description="Stop", icon="stop", layout=BUTTON, disabled=True)
        self.stop_button.add_class("pl-lab-stop")
        self.progress = widgets.IntProgress(value=0, min=0, max=20,
                                            layout=widgets.Layout(width="100%", max_width="520px", display="none"))
        self.progress.add_class("pl-lab-progress")
        self.status = widgets.HTML()
        self.status.add_class("pl-lab-status")
        self.chart_box = widgets.Box()
        self.play_button.on_click(lambda _: self.run())
        self.stop_button.on_click(lambda _: self._stop.set())
        pick.observe(lambda _: self._show_match(), names=["game", "first", "second"])
        controls = widgets.HBox([self.games, self.play_button, self.stop_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.match, controls, self.progress, self.status, self.chart_box],
                         layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-lab-tournament")
        self._show_match()

    def _show_match(self) -> None:
        a, b = self.pick.labels()
        self.match.value = (f"<p>{html.escape(self.pick.title())}: <b>{html.escape(a)}</b> against "
                            f"<b>{html.escape(b)}</b> (change them on the screen before).</p>")

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def run(self, games: int | None = None, seed=None, wait: bool = False) -> None:
        """Play ``games`` games (default: the number chosen) in the background, the progress bar filling."""
        if self.running:
            return
        games = games or self.games.value
        seed = seed if seed is not None else f"class-{random.SystemRandom().randrange(10**9)}"
        game, names, labels = self.pick.game, (self.pick.first, self.pick.second), self.pick.labels()
        self._stop.clear()
        self.progress.max, self.progress.value = games, 0
        self.progress.layout.display = "flex"
        self.status.value = f"0 of {games} games played…"
        self.play_button.disabled, self.stop_button.disabled, self.games.disabled = True, False, True

        def done(n: int) -> None:
            self.progress.value = min(games, self.progress.value + n)
            self.status.value = f"{self.progress.value} of {games} games played…"

        def work() -> None:
            try:
                chosen = {label: make_policy(game, name) for label, name in zip(labels, names)}
                results = tournament(game, chosen, games=games, seed=seed, progress=False,
                                     executor=ProgressExecutor(done, self._stop))
                self.results = results
                self.chart_box.children = [lab_chart(chart_rows([(label, results, label) for label in labels]),
                                                     "How often each player won")]
                message = self.sentence(results, labels)
            except Stopped:
                message = f"Stopped after {self.progress.value} of {games} games."
            except Exception as error:      # shown in place; the page keeps working
                message = error_html(error)
            finally:
                self.play_button.disabled, self.stop_button.disabled, self.games.disabled = False, True, False
            self.status.value = message

        self.thread = threading.Thread(target=work, name="strategy-lab-tournament", daemon=True)
        self.thread.start()
        if wait:
            self.thread.join()

    @staticmethod
    def sentence(results, labels) -> str:
        a, b = labels
        low, high = results.interval(a)
        rate, fair = results.win_rate(a), results.fair_share
        verdict = {"better": f"<b>{html.escape(_capital(a))} is the better player.</b>",
                   "worse": f"<b>{html.escape(_capital(b))} is the better player.</b>"}.get(
            results.verdict(a), f"<b>{results.games} games cannot tell them apart</b>: the range includes "
                                f"{float(fair):.0%}.")
        return (f"<p class='pl-lab-sentence'>In {results.games} games {html.escape(a)} won "
                f"<b>{float(rate):.0%}</b> (most likely between {low:.0%} and {high:.0%}). {verdict}</p>")

    def close(self) -> None:
        self._stop.set()          # a screen reset while games are played: they stop at the next game
        super().close()


def run_tournament() -> widgets.Widget:
    return TournamentRun()


# ---------------------------------------------------------------- 4. predict, then check against the stored games
#: the tip whose stored games the question checks (a surprise: the tip's player wins less often)
TIP_KEY = "tip/pillage_and_plunder/merchant_hunter/player_hunter/Attack Merchants Instead Of Players"


@lru_cache(maxsize=1)
def stored():
    """Every tournament stored with the package (read once)."""
    return load()


def stored_tip() -> StoredTournament:
    return stored()[TIP_KEY]


def tip_to_predict() -> widgets.Widget:
    """The tip, its two players and how many games they played (no result: the class predicts it)."""
    one = stored_tip()
    plan, tip = one.plan, one.plan.tip
    game = registered_games()[plan.game].title
    a, b = (words(name) for name in plan.policies)
    text = (f"<blockquote class='pl-rule' style='border-left:5px solid #8b5a2b;margin:4px 0;padding:4px 12px;"
            f"background:#fbf7ef'><i>“{html.escape(tip.quote)}”</i><br><small>— {html.escape(game)}, "
            f"{html.escape(tip.heading)}</small></blockquote>"
            f"<ul><li><b>The {html.escape(a)}</b> {html.escape(PLAYERS[plan.game][plan.policies[0]])}.</li>"
            f"<li><b>The {html.escape(b)}</b> {html.escape(PLAYERS[plan.game][plan.policies[1]])}.</li></ul>"
            f"<p>They played {one.results.games:,} games, seats changing every game. Which of them won more "
            "often?</p>")
    box = widgets.HTML(text)
    box.add_class("pl-lab-predict-tip")
    return widgets.VBox([box, OneGame(one)], layout=widgets.Layout(max_width="100%"))


class OneGame(widgets.VBox):
    """Play one game of a stored question's two players (seeded: the n-th game is the same on every page, and
    Reset starts again): who won, and the tally of the games played here.  One game is mostly luck."""

    def __init__(self, one: StoredTournament):
        self.plan = one.plan
        self.played, self.wins = 0, {label: 0.0 for label in one.plan.labels}
        self.button = widgets.Button(description="Play one game", icon="play", layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.button.add_class("pl-lab-one-game")
        self.button.on_click(lambda _: self.play())
        self.said = widgets.HTML("<p>Play a game or two before you predict: does one game tell?</p>")
        super().__init__([self.button, self.said], layout=widgets.Layout(max_width="100%"))

    def play(self) -> None:
        self.button.disabled = True
        try:
            chosen = {label: make_policy(self.plan.game, name) for label, name in zip(self.plan.labels,
                                                                                    self.plan.policies)}
            results = tournament(self.plan.game, chosen, games=1, seed=f"predict-{self.played + 1}", progress=False)
        except Exception as error:          # shown in place; the page keeps working
            self.said.value = error_html(error)
            return
        finally:
            self.button.disabled = False
        self.played += 1
        for label in self.wins:
            self.wins[label] += float(results.win_rate(label))
        a, b = self.plan.labels
        won = {1.0: f"the {words(self.plan.policies[0])} won", 0.0: f"the {words(self.plan.policies[1])} won"}.get(
            float(results.win_rate(a)), "a tie")
        tally = ", ".join(f"the {html.escape(words(name))} {self.wins[label]:g}"
                          for label, name in zip(self.plan.labels, self.plan.policies))
        self.said.value = (f"<p>Game {self.played}: {html.escape(won)}. Wins so far ({self.played} "
                           f"{'game' if self.played == 1 else 'games'}): {tally}.</p>")


def tip_win_share():
    """The share of the stored games the tip's player won (a tie counts half)."""
    one = stored_tip()
    return one.results.win_rate(one.plan.labels[0])


def tip_verdict() -> str:
    """The stored games' verdict in words (no markup)."""
    return re.sub(r"<[^>]+>", "", verdict_sentence(stored_tip()))


# ---------------------------------------------------------------- 5. the rulebooks' tips
def _tip_title(one: StoredTournament, every) -> str:
    plan = one.plan
    title = f"{registered_games()[plan.game].title}: {plan.title}"
    twins = [q for q in every if (q.plan.game, q.plan.title) == (plan.game, plan.title)]
    return f"{title} ({words(plan.policies[0])})" if len(twins) > 1 else title


class TipsBrowser(widgets.VBox):
    """Every stored question in a menu: its rule, a prediction (yes, no, can't tell), the stored answer as a
    chart, and Run again (new games beside the stored ones, with progress)."""

    def __init__(self, every=None):
        self.every = tuple(every if every is not None else stored().tournaments)
        self.menu = widgets.Dropdown(options=[(_tip_title(one, self.every), i) for i, one in enumerate(self.every)],
                                     value=0, layout=widgets.Layout(width="auto", max_width="100%"))
        self.menu.add_class("pl-lab-tip-menu")
        self.screens: dict[int, QuestionScreen] = {}
        self.box = widgets.Box(layout=widgets.Layout(max_width="100%"))
        self.menu.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([widgets.HBox([widgets.HTML("<b>Question:</b>&nbsp;"), self.menu],
                                       layout=widgets.Layout(align_items="center", flex_flow="row wrap")), self.box],
                         layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-lab-tips")
        self.show(0)

    def show(self, index: int) -> None:
        if index not in self.screens:
            self.screens[index] = QuestionScreen(self.every[index], stored().made)
        self.box.children = [self.screens[index]]

    @property
    def screen(self) -> QuestionScreen:
        return self.box.children[0]

    def close(self) -> None:
        for screen in self.screens.values():
            screen.close()
        super().close()


def tips() -> widgets.Widget:
    return TipsBrowser()


# ---------------------------------------------------------------- 6. every answer in one chart
def _summary_rows(game: str = "") -> list:
    """(label, results, the tip's player) for each tip with stored games (of one game, or all when ``game`` is "")."""
    rows, seen = [], set()
    for one in stored().tournaments:
        if one.results is None or one.plan.tip is None or (game and one.plan.game != game):
            continue
        label = f"{registered_games()[one.plan.game].title}: {words(one.plan.tip.tip)}"
        if label not in seen:
            seen.add(label)
            rows.append((label, one.results, one.plan.labels[0]))
    return rows


def summary() -> widgets.Widget:
    """Each tip's player's win rate in the stored games, its range and an equal player's share, in one chart; a
    menu shows one game's tips (the screen starts with every game's)."""
    games = list(dict.fromkeys(one.plan.game for one in stored().tournaments
                               if one.results is not None and one.plan.tip is not None))
    menu = widgets.Dropdown(options=[("every game", "")] + [(registered_games()[g].title, g) for g in games], value="",
                            layout=widgets.Layout(width="auto", max_width="100%"))
    menu.add_class("pl-lab-summary-game")
    box = widgets.Box([lab_chart(chart_rows(_summary_rows()), "How often the tip’s player won")],
                      layout=widgets.Layout(max_width="100%"))

    def show(change) -> None:
        box.children = [lab_chart(chart_rows(_summary_rows(change["new"])), "How often the tip’s player won")]

    menu.observe(show, names="value")
    row = widgets.HBox([widgets.HTML("<b>Show the tips of</b>&nbsp;"), menu],
                       layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
    return widgets.VBox([row, box], layout=widgets.Layout(max_width="100%"))
