"""`Game`'s operations (cooling, heating, overheating, atomic weight, birthday, Norton products,
integer multiples, comparisons), each checked against a definition computed here from the
options, sums and outcomes alone — not against the engine's implementation of the operation."""

import doctest
from fractions import Fraction

import pytest

import onag
from onag import game

# Games of every kind: numbers, nimbers, infinitesimals, switches, hot games with many options.
SAMPLES = ["0", "1", "-3/4", "*", "*3", "^", "v*", "^^*", "{1|-1}", "{5|1}", "{3||2|1}",
           "{5 | {3|-3}, 1*}", "{1 | {1/2 | 0}}", "{2|-1}", "tiny-2", "{0|^}", "{1*|-1}"]


def birthday_by_definition(g):
    """0 for a game with no options, else one more than the largest birthday of an option."""
    options = g.left_options + g.right_options
    return 1 + max(map(birthday_by_definition, options)) if options else 0


@pytest.mark.parametrize("text", SAMPLES)
def test_birthday_is_the_height_of_the_canonical_tree(text):
    g = game(text)
    assert g.birthday == birthday_by_definition(g)


@pytest.mark.parametrize("text", SAMPLES)
def test_integer_multiples_are_repeated_sums(text):
    g = game(text)
    total = game(0)
    for n in range(0, 6):
        assert n * g == total and g * n == total
        assert (-n) * g == -total
        total = total + g
    assert 1 * g == g


def test_multiplying_two_games_is_a_type_error():
    with pytest.raises(TypeError):
        game("^") * game("^")
    with pytest.raises(TypeError):
        game("^") * 1.5
    with pytest.raises(TypeError):
        True * game("^")


@pytest.mark.parametrize("text", SAMPLES)
def test_compare_agrees_with_the_outcome_of_the_difference(text):
    # G > H iff Left wins G − H whoever starts (outcome L), and so on.
    by_outcome = {"L": ">", "R": "<", "P": "=", "N": "||"}
    g = game(text)
    for other in SAMPLES:
        h = game(other)
        assert g.compare(h) == by_outcome[(g - h).outcome], (text, other)
        assert g.confused_with(h) == (g.compare(h) == "||")


def cooled_by_definition(g, t):
    """Gₜ by Siegel's definition (*CGT* Def. II.5.9), in exact dyadic steps of 1/8 up to t:
    {Gᴸₜ − t | Gᴿₜ + t} unless some Gₜ' (t' < t) is infinitely close to a number x, then x.
    The canonical forms are the engine's sums; the rule is applied here."""
    if g.is_number:
        return g
    steps = [Fraction(k, 8) for k in range(0, int(t * 8))]
    for s in steps:
        earlier = _formula(g, s)
        if earlier.left_stop == earlier.right_stop and s < t and _infinitely_close(earlier):
            return game(earlier.left_stop)
    return _formula(g, t)


def _formula(g, t):
    left = [cooled_by_definition(x, t) - t for x in g.left_options]
    right = [cooled_by_definition(x, t) + t for x in g.right_options]
    return game("{" + ",".join(x.canonical for x in left) + "|"
                + ",".join(x.canonical for x in right) + "}")


def _infinitely_close(g):
    x = game(g.left_stop)
    return (g - x).is_infinitesimal


@pytest.mark.parametrize("text", ["{5|1}", "{1|-1}", "{3||2|1}", "{5 | {3|-3}, 1*}",
                                  "{1 | {1/2 | 0}}", "{2|-1}", "{1*|-1}", "*", "^", "3/4"])
@pytest.mark.parametrize("t", [Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1),
                               Fraction(3, 2), Fraction(3)])
def test_cooling_follows_the_definition(text, t):
    g = game(text)
    assert g.cool(t) == cooled_by_definition(g, t), (text, t)


@pytest.mark.parametrize("text", SAMPLES)
def test_cooling_past_the_temperature_gives_the_mean_and_freezing_is_cooling_by_it(text):
    g = game(text)
    if not g.is_number:
        assert g.cool(g.temperature + 1) == game(g.mean)
        assert g.freeze() == g.cool(g.temperature)
    assert g.cool(0) == g
    # Cooling is additive (Siegel, CGT Thm. II.5.12).
    h = game("{2|-2}")
    for t in [Fraction(1, 2), 1, 3]:
        assert (g + h).cool(t) == g.cool(t) + h.cool(t)


def heated_by_definition(g, t):
    """∫^T G = G for a number, else {T + ∫^T Gᴸ | ∫^T Gᴿ − T} (Siegel, CGT Def. II.5.20)."""
    if g.is_number:
        return g
    left = [t + heated_by_definition(x, t) for x in g.left_options]
    right = [heated_by_definition(x, t) - t for x in g.right_options]
    return game("{" + ",".join(x.canonical for x in left) + "|"
                + ",".join(x.canonical for x in right) + "}")


def overheated_by_definition(g, s, t):
    """∫_S^T n = n·S for an integer n (as n copies), else {T + ∫ Gᴸ | ∫ Gᴿ − T}."""
    n = g.number
    if n is not None and n.denominator == 1:
        total = game(0)
        for _ in range(abs(n.numerator)):
            total = total + (s if n > 0 else -s)
        return total
    left = [t + overheated_by_definition(x, s, t) for x in g.left_options]
    right = [overheated_by_definition(x, s, t) - t for x in g.right_options]
    return game("{" + ",".join(x.canonical for x in left) + "|"
                + ",".join(x.canonical for x in right) + "}")


@pytest.mark.parametrize("text", ["*", "^", "{1|-1}", "{3||2|1}", "{5 | {3|-3}, 1*}", "v*",
                                  "{0|^}", "2"])
@pytest.mark.parametrize("t", ["1", "1/2", "*", "^", "2"])
def test_heating_and_overheating_follow_the_definition(text, t):
    g, t = game(text), game(t)
    assert g.heat(t) == heated_by_definition(g, t)
    for s in [game(1), game("1*"), game("^")]:
        assert g.overheat(s, t) == overheated_by_definition(g, s, t)


def test_heating_inverts_cooling_for_a_switch():
    g = game("{5|1}")
    assert g.cool(1).heat(1) == g
    assert g.cool("1/2").heat(Fraction(1, 2)) == g


@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5])
@pytest.mark.parametrize("m", [0, 1, 2, 3, 6])
def test_atomic_weight_of_ups_and_stars(n, m):
    # aw(n·↑ + *m) = n (Winning Ways ch. 8); the game is built as a sum of ↑s and a nimber.
    g = n * game("^") + game(f"*{m}" if m else "0")
    assert g.atomic_weight == game(n)


def test_atomic_weight_is_additive_on_all_small_games():
    smalls = [game(x) for x in ["^", "^*", "{0|v}", "*2", "{0,*|0}", "{^|v}", "{0|^*}"]]
    for g in smalls:
        assert g.is_all_small
        for h in smalls:
            assert (g + h).atomic_weight == g.atomic_weight + h.atomic_weight


def test_atomic_weight_of_a_hot_game_is_an_error():
    with pytest.raises(ValueError, match="infinitesimal"):
        game("{1|-1}").atomic_weight


@pytest.mark.parametrize("u", ["^", "1", "1*", "{2|1}", "^^*"])
def test_norton_product_follows_the_definition(u):
    u = game(u)
    # n.U = n copies of U.
    for n in range(-3, 4):
        total = game(0)
        for _ in range(abs(n)):
            total = total + (u if n > 0 else -u)
        assert game(n).norton(u) == total
    # Additive in G (Winning Ways ch. 8): (G + H).U = G.U + H.U.
    for g, h in [("1/2", "1/2"), ("{1|0}", "*"), ("{2|-1}", "3/4")]:
        g, h = game(g), game(h)
        assert (g + h).norton(u) == g.norton(u) + h.norton(u)


def test_norton_by_a_non_positive_unit_is_an_error():
    with pytest.raises(ValueError, match="norton"):
        game("1/2").norton(0)


def test_incentives_are_option_differences():
    for text in SAMPLES:
        g = game(text)
        assert sorted(x.canonical for x in g.left_incentives) == \
            sorted((x - g).canonical for x in g.left_options)
        assert sorted(x.canonical for x in g.right_incentives) == \
            sorted((g - x).canonical for x in g.right_options)


def test_numbers_and_fractions():
    assert game(Fraction(3, 4)) == game("3/4")
    assert game("{0|1}").number == Fraction(1, 2) and game("*").number is None
    assert game("5/8") + Fraction(3, 8) == 1
    with pytest.raises(ValueError, match="dyadic"):
        game(Fraction(1, 3))
    with pytest.raises(ValueError, match="number"):
        game("{5|1}").cool("*")
    with pytest.raises(ValueError, match="negative"):
        game("{5|1}").cool(-1)
    with pytest.raises(ValueError, match="temperature t must be"):
        game("{5|1}").cool(1.5)


def test_methods_agree_with_the_notation_of_the_cli(cli):
    g = game("{5 | {3|-3}, 1*}")
    for text, value in [
        ("cool({5 | {3|-3}, 1*}, 1)", g.cool(1)),
        ("heat(*, 1)", game("*").heat(1)),
        ("overheat(*, 1, 2)", game("*").overheat(1, 2)),
        ("aw(^^*)", game("^^*").atomic_weight),
        ("norton(1/2, ^)", game("1/2").norton("^")),
        ("freeze({5|1})", game("{5|1}").freeze()),
        ("rcf({1|1*})", game("{1|1*}").reduced_canonical_form),
    ]:
        r = cli("value", text)
        assert r["canonical"] == value.canonical, text
        assert r["birthday"] == value.birthday


def test_every_docstring_example_of_game_holds():
    # The doctests of attributes (pyo3 getters are not found by doctest.testmod) as well as
    # methods: each docstring with an example is run here.
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    ran = 0
    for name, member in vars(onag.Game).items():
        doc = getattr(member, "__doc__", None) or ""
        if ">>>" not in doc:
            continue
        test = parser.get_doctest(doc, {"game": game, "Fraction": Fraction, "onag": onag},
                                  f"Game.{name}", None, 0)
        runner.run(test)
        ran += 1
    assert ran >= 10
    assert runner.failures == 0
