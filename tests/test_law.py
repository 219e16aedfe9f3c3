"""The parameter file: every number cited, none duplicated, none unused, no bare numbers in rules."""
import ast
import re
from pathlib import Path

import pytest

from grownj.law import LawError, enacted, load, parse_parameters
from grownj.machinery.formats import fraction_words, money, percent
from grownj.words.parameter_words import parameter_label

PACKAGE = Path(__file__).parents[1] / "grownj"
RULE_MODULES = ["rules/location.py", "rules/eligibility.py", "rules/credit.py", "rules/__init__.py", "programs/schedule.py",
                "engine/evaluation.py", "programs/erg.py", "programs/exemption.py", "programs/deadlines.py",
                "programs/credit_use.py"]
ENTRY = """
{name}:
  label: The {name} in words
  description: d
  unit: USD
  range: [0, null]
  value: 1
  reference: {{act: 5, bill: 4, sub: b, njsa: C.34:1B-246}}
"""


def test_every_parameter_has_a_reference_with_section_and_njsa():
    for p in enacted().parameters.values():
        # Grow NJ is C.34:1B-242 et seq.; the ERG program and P.L.2013 c.161 s.24 are C.52:27D-.
        assert p.reference["njsa"].startswith(("C.34:1B-", "C.52:27D-")), p.name
        assert re.match(r"(P.L.\d{4} c.\d+ )?s\.\d+\b", p.citation), p.citation


def test_duplicate_key_is_rejected():
    with pytest.raises(LawError, match="duplicate key 'base_other'"):
        parse_parameters(ENTRY.format(name="base_other") * 2)


def test_entry_without_reference_is_rejected():
    with pytest.raises(LawError, match="lacks reference"):
        parse_parameters("x:\n  label: x\n  description: d\n  unit: USD\n  value: 1\n")


def test_reference_without_njsa_is_rejected():
    with pytest.raises(LawError, match="reference needs"):
        parse_parameters("x:\n  label: x\n  description: d\n  unit: USD\n  value: 1\n  reference: {act: 5}\n")


def test_the_mrera_tiers_are_keyed_by_the_statutes_letters():
    """s.5 d, last paragraph, letters its tiers (a) to (e): each tier's minimums and limit are one
    entry under its letter, in every version (tiers keyed by letter, not parallel lists)."""
    for version in ("enacted", "introduced", "prior"):
        law = load(version)
        for name in ("mrera_min_jobs", "mrera_min_capital_investment", "mrera_annual_caps"):
            assert law.parameter(name).keys == ("a", "b", "c", "d", "e"), (version, name)
    tiers = dict(zip(enacted().parameter("mrera_min_jobs").keys, enacted().mrera_min_jobs))
    assert tiers["a"] == 35 and tiers["e"] == 250  # (a) 35 jobs ... (e) 250 jobs
    assert enacted().keyed("erg_bucket_amounts") == {"a": 250e6, "b": 250e6, "c": 75e6, "d": 25e6}  # $600M, b(2)


def test_a_version_naming_other_keys_is_rejected():
    entry = ENTRY.format(name="x").replace("value: 1", "value: {a: 1, b: 2}\n  versions: {introduced: {a: 1}}"
                                           "\n  passage: p")
    with pytest.raises(LawError, match="must name the keys a, b"):
        parse_parameters(entry)
    with pytest.raises(LawError, match="must name the keys a, b"):  # a bare list names no tier
        parse_parameters(entry.replace("{introduced: {a: 1}}", "{introduced: [1, 2]}"))
    with pytest.raises(LawError, match="keyed only where the value is"):
        parse_parameters(entry.replace("value: {a: 1, b: 2}", "value: [1, 2]"))


def test_fractions_are_exact_thirds_and_quarters():
    assert enacted().min_capital_reduction == 1 / 3  # s.3 b: "reduced by one-third"
    assert enacted().min_jobs_reduction == 0.25  # s.3 c: "reduced by one-quarter"


def test_every_parameter_is_used_by_name():
    source = "\n".join(path.read_text() for path in PACKAGE.rglob("*.py"))
    unused = [name for name in enacted().parameters
              if not re.search(rf"(\.{name}\b|[\"']{name}[\"'])", source)]
    assert not unused, f"parameters never used: {unused}"


@pytest.mark.parametrize("module", RULE_MODULES)
def test_rules_hold_no_bare_statutory_number(module):
    tree = ast.parse((PACKAGE / module).read_text())
    # An input's default and bounds (SPECS: a discount rate, a sale price, years to run) are the
    # user's or the model's, not the statute's.
    inputs = {id(node) for spec in tree.body
              if isinstance(spec, ast.Assign) and any(getattr(t, "id", None) == "SPECS" for t in spec.targets)
              for node in ast.walk(spec.value)}
    bare = [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and id(node) not in inputs
            and not isinstance(node.value, bool) and node.value not in (0, 1, -1, 2)]
    assert not bare, f"{module}: numbers that belong in parameters.yaml: {bare}"


# Where a person reads the law's numbers: every page, widget and sentence. The presets' stories are
# excepted: each tells one worked case under the enacted law, as a test case's comment would.
ROOT = PACKAGE.parent
SENTENCE_FILES = sorted({ROOT / "app.py", *ROOT.glob("pages/*.py"), *PACKAGE.rglob("*.py")})
# Numbers in sentences that are not parameters: the solar bonus is a yes/no fact of s.5 c(16), and
# a rate's format is shown by example.
NOT_PARAMETERS = ("50% of supply", "(0.05 is 5%)")


def rendered_parameters() -> set[str]:
    """Each numeric parameter as a sentence would write it: "$4,000,000", "$4M", "90%", "one-third"."""
    forms = set()
    for parameter in enacted().parameters.values():
        values = parameter.value if isinstance(parameter.value, (list, tuple)) else [parameter.value]
        for value in values:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if value >= 100:
                forms |= {money(value), *([f"${value / 1e6:g}M", f"${value / 1e6:g} million"] if value >= 1e6 else [])}
            elif 0 < value < 1:
                forms |= {percent(value), *in_words(value)}
    return forms


def in_words(share: float) -> list[str]:
    """The share as the statute's words, where it has them (one-third does; 35% does not)."""
    try:
        return [fraction_words(share)]
    except KeyError:
        return []


def sentence_literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module, f-strings' text included, docstrings left out."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_sentences_hold_no_rendered_statutory_number():
    # Whole figures only: "$1,000" is not read inside "$1,000,000", nor "5%" inside "15%".
    forms = "|".join(map(re.escape, sorted(rendered_parameters(), key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w$])(?<!\d[,.])({forms})(?![\w%]|[,.]\d)")
    found = [f"{path.relative_to(ROOT)}:{line}: {match!r} in {text[:60]!r}"
             for path in SENTENCE_FILES for line, text in sentence_literals(path)
             for match in pattern.findall(text) if not any(phrase in text for phrase in NOT_PARAMETERS)]
    assert not found, "statutory numbers written out; read them from the law:\n" + "\n".join(found)


COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten", 20: "twenty", 25: "twenty-five",
               30: "thirty", 35: "thirty-five", 50: "fifty", 70: "seventy", 90: "ninety"}


def rendered_counts() -> set[str]:
    """Each small count of the law with its unit, as a sentence would write it: "20 periods",
    "six-month", "Ten years"; a ratio as "1.5 x" or "1.5 times"."""
    forms = set()
    for parameter in enacted().parameters.values():
        values = parameter.value if isinstance(parameter.value, (list, tuple)) else [parameter.value]
        unit = (parameter.unit or " ").split()[-1]
        for value in values:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 1 < value < 100:
                continue
            if parameter.unit == "ratio":
                forms |= {f"{value:g} x", f"{value:g} times"}
            elif unit in ("years", "months", "periods", "days", "jobs", "extensions"):
                word = COUNT_WORDS.get(value, f"{value:g}")
                for count in {f"{value:g}", word, word.capitalize()}:
                    forms |= {f"{count} {unit}", f"{count}-{unit[:-1]}"}
    return forms


def test_sentences_hold_no_written_statutory_count():
    # "20 periods" of s.6 c(1), "six-month" extensions of s.6 b(2), "1.5 x" of s.2: a count or a
    # factor the law sets is read from it, so that a reform's value shows where the law's would.
    forms = "|".join(map(re.escape, sorted(rendered_counts(), key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w$.,-])({forms})(?![\w%])")
    found = [f"{path.relative_to(ROOT)}:{line}: {match!r} in {text[:60]!r}"
             for path in SENTENCE_FILES for line, text in sentence_literals(path) for match in pattern.findall(text)]
    assert not found, "statutory counts written out; read them from the law:\n" + "\n".join(found)


def test_a_parameter_s_section_is_its_citation_without_the_njsa():
    """One function for the short cite a sentence names (it was typed out about 20 times)."""
    law = enacted()
    for name in ("carry_forward_periods", "erg_bucket_amounts", "application_deadline"):
        assert law.cite(name) == f"{law.section(name)}, {law.cite(name).split(', ', 1)[1]}"
        assert "C." not in law.section(name) and law.section(name).startswith(("s.", "P.L."))


# The short forms in parameter names, which a reader of the statute does not write.
SHORT_FORMS = re.compile(r"\b(gsgz|uth|mrera|erg|cbt|sjpd|sda|tal|pv|min|max|pct|sq|ft|mri|eoa|tco|leed|rehab|hq)\b")


@pytest.mark.parametrize("version", ["enacted", "passed", "introduced", "prior"])
def test_every_parameter_has_its_own_label_in_words(version):
    """The reform editor's boxes and the statute's badges name each parameter by its label: one each,
    no two alike in a version, none a code name or its short forms ("Bonus c(12) mri" was one)."""
    labels = {name: p.label for name, p in load(version).parameters.items()}
    assert all(labels.values()) and len(set(labels.values())) == len(labels)
    assert not [label for label in labels.values() if SHORT_FORMS.search(label) or "_" in label]
    assert parameter_label("cap_priority") == "Per-job cap in a priority area"
    assert all(parameter_label(name, load(version)) == label for name, label in labels.items())


def test_an_entry_without_a_label_or_with_anothers_is_rejected():
    with pytest.raises(LawError, match="lacks label"):
        parse_parameters(ENTRY.format(name="x").replace("  label: The x in words\n", ""))
    with pytest.raises(LawError, match="is 'x''s already"):
        parse_parameters(ENTRY.format(name="x") + ENTRY.format(name="y").replace("The y", "The x"))


def test_a_number_without_its_range_is_rejected():
    with pytest.raises(LawError, match="'x': a number or date needs its range"):
        parse_parameters(ENTRY.format(name="x").replace("  range: [0, null]\n", ""))
