"""The law as data: load grownj/law/parameters.yaml into a frozen, cited `Law`, in any of its versions.

An entry's `value` is the law as enacted: P.L.2014 c.63 as the Governor approved it on October 24,
2014, after his conditional veto. `versions` gives the value in another version where it differs;
`passage` quotes the markup or says how the difference is known. The bill as passed by the
Legislature differs from the enactment only where the veto's recommendations changed it (LAW_VERSIONS.md
lists each with its source); the bill as introduced differs from the bill as passed only where the
committee marked it, so an unlisted value is the same. Prior law (P.L.2013 c.161) is recoverable
only where the bill deletes a value and replaces it; elsewhere it inherits the bill as introduced
and says so (`inherited`)."""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from functools import cached_property, lru_cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any, Mapping

import yaml

# Read where the package is installed, as its other data is (a wheel or a zip as well as a checkout).
PARAMETERS_FILE = files(__package__) / "parameters.yaml"
VETO_FILE = files(__package__) / "veto.yaml"
REQUIRED_KEYS = ("label", "description", "unit", "value", "reference")
# The units whose values are names or a yes/no: their range is their choices, not a `range`.
UNRANGED_UNITS = ("choice", "counties", "industries", "items")
REFERENCE_KEYS = ("act", "bill", "sub", "njsa")
VERSIONS = {
    "enacted": "as enacted (P.L.2014 c.63, after the conditional veto)",
    "passed": "the bill as passed by the Legislature (June 2014, before the conditional veto)",
    "introduced": "the bill as introduced (before the committee amendments)",
    "prior": "prior law, P.L.2013 c.161 (where the markup recovers it)",
}
# The version a value falls back to when the file gives none for it: each is the one before it with
# its own changes (the veto changed the bill as passed, the committee the bill as introduced).
FALLBACK = {"passed": "enacted", "introduced": "passed", "prior": "introduced"}


class LawError(ValueError):
    """The parameter file is malformed: a duplicate, an uncited or an incomplete entry."""


class _UniqueKeyLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """PyYAML keeps the last of two equal keys silently; a law file must not. On libyaml's parser
    where PyYAML has it: the pure Python one is the slow part of every start."""


def _construct_unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False):
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise LawError(f"duplicate key {key!r} at line {key_node.start_mark.line + 1}")
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping)


def number_value(value: Any) -> Any:
    """'1/3' in the file is an exact fraction of the text ('reduced by one-third')."""
    if isinstance(value, str) and "/" in value:
        return float(Fraction(value))
    if isinstance(value, list):
        return tuple(number_value(v) for v in value)
    return value


@dataclass(frozen=True)
class Range:
    """A parameter's valid values, as Tax-Calculator's validators hold them: from `low` (above it where
    `above`, for a step something is divided by) to `high`; None is no bound."""
    low: Any
    high: Any
    above: bool = False

    @classmethod
    def read(cls, name: str, raw: Any) -> "Range":
        if not isinstance(raw, list) or len(raw) != 2:
            raise LawError(f"parameter {name!r}: range must be [low, high] (null for no bound, '>0' for positive)")
        low, high = raw
        return cls(0, high, True) if low == ">0" else cls(low, high)

    def holds(self, value: Any) -> bool:
        """Every number (or date) of `value` within the range; null (no limit) always."""
        if isinstance(value, tuple):
            return all(self.holds(v) for v in value)
        if value is None:
            return True
        if isinstance(value, bool) or not isinstance(value, (int, float, date)):
            return False
        low_ok = self.low is None or (value > self.low if self.above else value >= self.low)
        return low_ok and (self.high is None or value <= self.high)

    @property
    def words(self) -> str:
        """The range as a sentence gives it: "from 0 to 1", "above 0", "at least 0"."""
        def said(x: Any) -> str:
            return f"{x:%Y-%m-%d}" if isinstance(x, date) else f"{x:,}"
        if self.above:
            return f"above {said(self.low)}" + ("" if self.high is None else f" and at most {said(self.high)}")
        if self.high is None:
            return f"at least {said(self.low)}"
        return f"from {said(self.low)} to {said(self.high)}"


@dataclass(frozen=True)
class Parameter:
    name: str
    description: str
    unit: str
    value: Any
    group: str
    reference: Mapping[str, Any]
    label: str = ""  # in words, as a reader of the statute names it: "Per-job cap in a priority area"
    note: str | None = None
    versions: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    passage: str | None = None
    veto: str | None = None  # the conditional veto's change (VETO_FILE's key) that sets the bill as passed apart
    choices: tuple | None = None
    keys: tuple | None = None  # a list the statute letters, as s.5 d's MRERA tiers (a)-(e): its items' labels
    inherited: bool = False  # prior law not recoverable from the markup: the introduced value stands in
    range: "Range | None" = None  # what every version and every reform keeps to (None: names or yes/no)

    def in_version(self, version: str) -> "Parameter":
        if version == "enacted":
            return self
        if version in self.versions:
            return replace(self, value=self.versions[version])
        base = self.in_version(FALLBACK[version])
        return replace(base, inherited=base.inherited or version == "prior")

    @cached_property  # asked for on every evaluate; the reference never changes
    def citation(self) -> str:
        """Short cite as the app shows it, e.g. 's.5 c(6), C.34:1B-246'."""
        ref = self.reference
        para = str(ref.get("para", ""))
        where = f"{ref['sub']}{para if para.startswith('(') or not para else ' ' + para}" if ref.get("sub") else ""
        statute = f"{ref['statute']} " if ref.get("statute") else ""
        return f"{statute}s.{ref['act']} {where}".rstrip() + f", {ref['njsa']}"

    @property
    def section(self) -> str:
        """The citation without its N.J.S.A. cite, as a sentence names it: 's.5 c(6)'."""
        return self.citation.split(",")[0]


class Law:
    """The parameters by name: `law.base_other`, `law["cap_uth"]`, `law.parameter("cap_uth")`."""

    def __init__(self, parameters: Mapping[str, Parameter], version: str = "enacted", name: str | None = None):
        clash = sorted(set(parameters) & {*dir(type(self)), "_parameters", "version", "name"})
        if clash:
            raise LawError(f"parameter names {', '.join(clash)} are taken by the Law object itself")
        self._parameters = MappingProxyType(dict(parameters))
        self.version = version
        self.name = name or version
        # The values as plain attributes: a rule reads about 90 of them per call, each as cheaply
        # as any attribute (__getattr__ is left for names that are not parameters).
        self.__dict__.update((key, p.value) for key, p in parameters.items())

    def __reduce__(self):
        """Pickled (st.cache_data keeps results, which carry their law) as its version and the values
        that differ from it: a reform's overrides."""
        base = load(self.version)
        changed = {k: p.value for k, p in self._parameters.items() if p.value != base[k]}
        return _rebuild, (self.version, self.name, changed)

    def __getattr__(self, name: str) -> Any:  # only for a name that is not a parameter
        raise AttributeError(f"no parameter named {name!r}")

    def __getitem__(self, name: str) -> Any:
        try:
            return self._parameters[name].value
        except KeyError:
            raise AttributeError(f"no parameter named {name!r}") from None

    def parameter(self, name: str) -> Parameter:
        return self._parameters[name]

    def keyed(self, name: str) -> dict[str, Any]:
        """A parameter the statute letters, by its letters: `law.keyed("erg_bucket_amounts")["a"]`."""
        parameter = self._parameters[name]
        return dict(zip(parameter.keys, parameter.value))

    def cite(self, name: str) -> str:
        return self._parameters[name].citation

    def section(self, name: str) -> str:
        """The parameter's section, as a sentence names it: 's.6 c(1)' (`cite` adds the N.J.S.A.)."""
        return self._parameters[name].section

    @property
    def parameters(self) -> Mapping[str, Parameter]:
        return self._parameters


def keyed_value(name: str, value: Any, keys: tuple | None) -> Any:
    """A mapping in the file (`{a: 35, b: 70, ...}`, the statute's own letters) is held as the tuple
    of its values in that order; every version of it names the same keys."""
    if keys is None and not isinstance(value, dict):
        return number_value(value)
    if keys is None:
        raise LawError(f"parameter {name!r}: a version may be keyed only where the value is")
    if not isinstance(value, dict) or tuple(value) != keys:
        raise LawError(f"parameter {name!r}: every version must name the keys {', '.join(map(str, keys))}")
    return number_value(list(value.values()))


def parse_parameters(text: str) -> dict[str, Parameter]:
    raw = yaml.load(text, Loader=_UniqueKeyLoader)
    if not isinstance(raw, dict):
        raise LawError("the parameter file must be a mapping of names to entries")
    parameters = {}
    labelled: dict[str, str] = {}
    for name, entry in raw.items():
        missing = [k for k in REQUIRED_KEYS if not isinstance(entry, dict) or k not in entry]
        if missing:
            raise LawError(f"parameter {name!r} lacks {', '.join(missing)}")
        label = entry["label"]
        if not isinstance(label, str) or not label.strip():
            raise LawError(f"parameter {name!r}: label must be words, as a reader of the statute names it")
        if label in labelled:
            # Two boxes of the reform editor, or two badges of the statute, would read alike.
            raise LawError(f"parameter {name!r}: label {label!r} is {labelled[label]!r}'s already")
        labelled[label] = name
        ref = entry["reference"]
        if not isinstance(ref, dict) or any(k not in ref for k in REFERENCE_KEYS):
            raise LawError(f"parameter {name!r}: reference needs {', '.join(REFERENCE_KEYS)}")
        versions = entry.get("versions") or {}
        if not isinstance(versions, dict) or set(versions) - set(VERSIONS) - {"enacted"} or "enacted" in versions:
            raise LawError(f"parameter {name!r}: versions may name only {', '.join(list(VERSIONS)[1:])}")
        if set(versions) - {"passed"} and not entry.get("passage"):
            raise LawError(f"parameter {name!r}: a value that differs by version needs the passage that changes it")
        if "passed" in versions and entry.get("veto") not in vetoes():
            raise LawError(f"parameter {name!r}: a value the conditional veto changed needs the change it comes "
                           f"from (veto: one of {', '.join(vetoes())})")
        keys = tuple(entry["value"]) if isinstance(entry["value"], dict) else None
        valid = _range(name, entry)
        value = keyed_value(name, entry["value"], keys)
        held = {k: keyed_value(name, v, keys) for k, v in versions.items()}
        for version, v in {"enacted": value, **held}.items():
            if valid is not None and not valid.holds(v):
                raise LawError(f"parameter {name!r}: the value {v!r} ({version}) is outside its range, {valid.words}")
        parameters[name] = Parameter(
            name=name,
            description=entry["description"],
            unit=entry["unit"],
            value=value,
            group=entry.get("group", "other"),
            reference=MappingProxyType(dict(ref)),
            label=label,
            note=entry.get("note"),
            versions=MappingProxyType(held),
            passage=entry.get("passage"),
            veto=entry.get("veto"),
            choices=tuple(entry["choices"]) if entry.get("choices") else None,
            keys=keys,
            range=valid,
        )
    return parameters


def _range(name: str, entry: dict) -> Range | None:
    """The entry's range; one is needed for every number and date (not for names or a yes/no)."""
    if entry["unit"] in UNRANGED_UNITS:
        return None
    if "range" not in entry:
        raise LawError(f"parameter {name!r}: a number or date needs its range ([low, high])")
    return Range.read(name, entry["range"])


@dataclass(frozen=True)
class VetoChange:
    """One change the conditional veto made to the bill as passed: what, the source that establishes
    it, how sure, and where in the bill (a parameter located there, a quote, or a section)."""
    key: str
    change: str
    source: str
    known: str
    parameter: str | None = None
    quote: str | None = None
    section: int | None = None


@lru_cache(maxsize=1)
def vetoes() -> dict[str, VetoChange]:
    """The conditional veto's changes (VETO_FILE), as far as sources establish them."""
    raw = yaml.load(VETO_FILE.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
    return {key: VetoChange(key, **entry) for key, entry in raw.items()}


@lru_cache(maxsize=1)
def _file_parameters() -> dict[str, Parameter]:
    return parse_parameters(PARAMETERS_FILE.read_text())


@lru_cache(maxsize=len(VERSIONS))
def load(version: str = "enacted") -> Law:
    """The law in one of VERSIONS."""
    if version not in VERSIONS:
        raise LawError(f"law: unknown version {version!r}; choose one of {', '.join(VERSIONS)}")
    return Law({name: p.in_version(version) for name, p in _file_parameters().items()}, version)


def _rebuild(version: str, name: str, changed: dict[str, Any]) -> Law:
    base = load(version)
    if not changed and name == base.name:
        return base
    return Law({k: replace(p, value=changed[k]) if k in changed else p for k, p in base.parameters.items()},
               version, name)


def enacted() -> Law:
    """The law as enacted: P.L.2014 c.63 as approved, the conditional veto's recommendations adopted."""
    return load("enacted")


@dataclass(frozen=True)
class InForce:
    """The law version in force on an approval date, and why (`reason` says how sure)."""
    version: str
    reason: str


def version_in_force(approved: str) -> InForce:
    """The version an award approved on `approved` was made under: prior law before this act took
    effect (`act_2014_effective_date`, October 24, 2014), the law as enacted from then on (the bill as
    passed was never in force: the Governor returned it with his conditional veto). `approved` may be a day
    (2014-07-10), a month (2014-09) or a year, with words after it ("2015 (month unconfirmed)")."""
    effective = enacted().act_2014_effective_date
    found = re.search(r"(\d{4})(?:-(\d{2})(?!\d))?(?:-(\d{2})(?!\d))?", str(approved))
    if not found:
        return InForce("enacted", f"approval date {approved!r} not read: the law as enacted assumed")
    year, month, day = (int(g) if g else None for g in found.groups())
    first = date(year, month or 1, day or 1)
    last = date(year, month or 12, day or calendar.monthrange(year, month or 12)[1])
    when = f"approved {found.group(0)}"
    if last < effective:
        return InForce("prior", f"{when}, before this act took effect on {effective:%B %-d, %Y}: prior law")
    if first >= effective:
        return InForce("enacted", f"{when}, once this act took effect on {effective:%B %-d, %Y}: the law as enacted")
    return InForce("prior", f"{when}, a period that spans this act's effective date ({effective:%B %-d, %Y}); "
                            "prior law assumed")
