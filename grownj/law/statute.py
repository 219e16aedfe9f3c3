"""The bill's text and its markup: `[...]` deleted from prior law, `¹...¹` inserted by the committee,
`¹[...]¹` deleted by it (inside a `¹...¹` span a bracket is the committee's deletion). Reads the
text in each law version, by bill section and paragraph, and finds each parameter's passage.

What the committee deleted was the bill as introduced: prior law the bill kept, or the bill's own
new matter (underlined in the original; the underlining is lost in this copy). Like unmarked text,
a committee deletion is read as prior law, unless it is new matter: by its place, right after a
bill deletion `[...]` it replaces, or by the reading of its sentence (NEW_MATTER)."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

import yaml

from . import Parameter, VetoChange, enacted, vetoes

STATUTE_FILE = files(__package__) / "economic-opportunity-act-2014-part3.txt"
REPLACEMENTS_FILE = files(__package__) / "replacements.yaml"
COMMITTEE = "¹"
# Segment kinds, and which of them each version's text keeps.
# The signed law's text was not retrieved word for word: it reads as the bill passed, and the
# paragraphs the conditional veto changed are marked (VETO_FILE).
KEEPS = {"enacted": {"text", "inserted", "new"}, "passed": {"text", "inserted", "new"},
         "introduced": {"text", "new", "committee_deleted", "committee_deleted_new"},
         "prior": {"text", "deleted", "committee_deleted"}}
# Committee deletions that were the bill's own new matter, beyond those placed after a bill deletion.
NEW_MATTER = {
    "and": "the title is the bill's own",
    "site acquisition, if purchased within 24 months prior to project application,":
        "s.2 \"Capital investment\" a: the bill as introduced added site acquisition to prior law's list",
    "has been restored": "s.6 d(2): the bill deleted \"[the restoration of]\" earlier in the sentence and "
                         "rephrased it; prior law read \"the restoration of the number ... to 80 percent\"",
    "at least": "s.6 d(2): the same rephrasing (\"restored to at least 80 percent\")",
    "8.": "the bill's own section number, which the committee's new section 8 moved on",
}
# The bill's new matter that replaces a bill deletion `[...]` right before it (underlined in the
# original, unmarked in this copy): deleted text -> the words that replace it, read in REPLACEMENTS_FILE.
REPLACED_BY = yaml.safe_load(REPLACEMENTS_FILE.read_text(encoding="utf-8"))
MARK = re.compile("[¹[]")
HEADING = re.compile(r"^(\d+)\. (Section .*|This act shall take effect.*)$")


@dataclass(frozen=True)
class Segment:
    kind: str  # text | deleted (prior law, by the bill) | inserted | committee_deleted (prior law, by the
    # committee) | committee_deleted_new (the bill's own new matter, deleted by the committee) | new (the
    # bill's own new matter replacing a bill deletion, REPLACED_BY)
    text: str


def parse(text: str) -> list[Segment]:
    """Split marked-up text into segments. A "[" with no "]" is kept as text rather than guessed at."""
    segments: list[Segment] = []
    committee = False
    i = 0
    while i < len(text):
        if text[i] == COMMITTEE:
            committee = not committee
            i += 1
            continue
        end = text.find("]", i) if text[i] == "[" else -1
        if end != -1:
            segments.append(Segment("committee_deleted" if committee else "deleted", text[i + 1:end]))
            i = end + 1
            continue
        mark = MARK.search(text, i + 1)
        stop = mark.start() if mark else len(text)
        segments.append(Segment("inserted" if committee else "text", text[i:stop]))
        i = stop
    marked = [Segment("committee_deleted_new", s.text) if _new_matter(s, segments[:n]) else s
              for n, s in enumerate(segments)]
    return [piece for n, s in enumerate(marked) for piece in _replacement(s, marked[n - 1] if n else None)]


def _replacement(segment: Segment, before: Segment | None) -> list[Segment]:
    """Unmarked text right after a bill deletion, cut where the deletion's replacement (REPLACED_BY) ends."""
    words = REPLACED_BY.get(before.text) if before and before.kind == "deleted" else None
    lead = len(segment.text) - len(segment.text.lstrip(" "))
    if segment.kind != "text" or not words or not segment.text[lead:].startswith(words):
        return [segment]
    end = lead + len(words)
    return [Segment("new", segment.text[:end]), *([Segment("text", segment.text[end:])] if segment.text[end:] else [])]


def _new_matter(segment: Segment, before: list[Segment]) -> bool:
    """Whether a committee deletion was the bill's own new matter (not prior law)."""
    if segment.kind != "committee_deleted":
        return False
    spoken = [s for s in before if s.text.strip()]  # a bill deletion may stand a space before
    return segment.text in NEW_MATTER or bool(spoken) and spoken[-1].kind == "deleted"


def _reads(segments, version: str) -> str:
    """Segments as they read in `version`; spaces left around a removed span are closed up."""
    joined = re.sub(r" {2,}", " ", "".join(s.text for s in segments if s.kind in KEEPS[version]))
    return re.sub(r" +(?=[.,;])", "", joined)  # a span removed before a stop or a comma leaves no space


def version_text(text: str, version: str) -> str:
    return _reads(parse(text), version)


def markup_html(text: str | tuple[Segment, ...], highlight: str | None = None) -> str:
    """Marked-up text (or its segments) as HTML: deletions struck through, committee insertions
    highlighted, and the `highlight` passage outlined."""
    style = {"text": "{}", "new": "<u title='the bill&#39;s new matter (underlined in the original)'>{}</u>",
             "deleted": "<del title='deleted from prior law'>[{}]</del>",
             "inserted": "<ins title='inserted by the committee' style='background:#d9f2d9'>{}</ins>",
             "committee_deleted": "<del title='deleted by the committee' style='color:#a15c00'>¹[{}]¹</del>",
             "committee_deleted_new": "<del title='the bill&#39;s new matter, deleted by the committee' "
                                      "style='color:#a15c00'>¹[{}]¹</del>"}
    segments = parse(text) if isinstance(text, str) else text
    out = "".join(style[s.kind].format(html.escape(s.text)) for s in segments)
    if highlight:
        marked = markup_html(highlight)
        out = out.replace(marked, "<span class='passage' style='background:#ffe680;outline:2px solid #d4ac0d'>"
                                  f"{marked}</span>", 1)
    return out


@dataclass(frozen=True)
class Paragraph:
    anchor: str
    text: str  # with its markup
    segments: tuple[Segment, ...]  # read with the whole bill: a committee insertion may span paragraphs

    def reads(self, version: str) -> str:
        """The paragraph as it reads in `version` ('' when the version does not have it)."""
        return _reads(self.segments, version).strip()


@dataclass(frozen=True)
class Section:
    number: int  # bill section
    title: str
    paragraphs: tuple[Paragraph, ...]

    @property
    def anchor(self) -> str:
        return f"bill-s{self.number}"

    def in_version(self, version: str) -> bool:
        """Whether the section has any text in `version` beyond its heading and "(cf: ...)" note."""
        return any(p.reads(version) and not p.reads(version).startswith("(cf:") for p in self.paragraphs[1:])


def _by_paragraph(segments: list[Segment]) -> list[tuple[Segment, ...]]:
    """The segments cut at blank lines, each piece keeping its kind."""
    groups: list[list[Segment]] = [[]]
    for segment in segments:
        pieces = segment.text.split("\n\n")
        for i, piece in enumerate(pieces):
            if i:
                groups.append([])
            if piece:
                groups[-1].append(Segment(segment.kind, piece))
    return [tuple(g) for g in groups]


@lru_cache(maxsize=1)
def sections() -> tuple[Section, ...]:
    """The bill by section; paragraphs are the file's blank-line-separated blocks."""
    raw = STATUTE_FILE.read_text(encoding="utf-8")
    blocks, groups = raw.split("\n\n"), _by_paragraph(parse(raw))
    if len(blocks) != len(groups):
        raise ValueError("statute: a mark spans a blank line in a way the reader cannot follow")
    out: list[Section] = [Section(0, "Title and enacting clause", ())]
    for block, segments in zip(blocks, groups):
        if not block.strip():
            continue
        current = out[-1]
        paragraph = Paragraph(f"{current.anchor}-p{len(current.paragraphs) + 1}", block.strip(), segments)
        heading = HEADING.match(paragraph.reads("enacted")) if len(block) < 200 else None
        if heading:
            current = Section(int(heading.group(1)), heading.group(2), ())
            out.append(current)
            paragraph = Paragraph(f"{current.anchor}-p1", block.strip(), segments)
        out[-1] = Section(current.number, current.title, current.paragraphs + (paragraph,))
    return tuple(out)


def locate(p: Parameter) -> Paragraph:
    """The paragraph a parameter comes from: the one quoting its passage, else the one its
    reference names (definition, subsection letter, paragraph number), else the section's first."""
    by_number = {s.number: s for s in sections()}
    section = by_number.get(int(p.reference["bill"]), sections()[0])
    if p.passage:
        for s in sections():
            for para in s.paragraphs:
                if p.passage in para.text:
                    return para
    sub = str(p.reference.get("sub") or "")
    para_no = str(p.reference.get("para") or "")
    paragraphs = section.paragraphs
    term = re.match(r'"([^"]+)"\s*([a-z])?', sub)
    if term:  # s.2 definitions: the term's paragraph, then its lettered item
        start = next((i for i, q in enumerate(paragraphs) if q.reads("enacted").startswith(f'"{term.group(1)}"')), None)
        if start is None:
            return paragraphs[0]
        if term.group(2):
            item = next((q for q in paragraphs[start:] if q.reads("enacted").startswith(f"{term.group(2)}. ")), None)
            return item or paragraphs[start]
        return paragraphs[start]
    letter = re.match(r"([a-z])\b", sub)
    number = re.match(r"\((\d+)\)", para_no)
    body = paragraphs[1:] or paragraphs  # the first block is the section's heading
    if not letter:
        return body[0]
    current, inside = None, []
    for q in body:
        found = re.match(r"(?:\d+\. )?([a-z])\. ", q.reads("enacted"))
        current = found.group(1) if found else current
        if current == letter.group(1):
            inside.append(q)
    if not inside:
        return body[0]
    if para_no.startswith("last paragraph"):  # the unnumbered paragraph that closes the subsection
        return [q for q in inside if not q.reads("enacted").startswith("(")][-1]
    if number:
        n = number.group(1)
        for q in inside:
            text = q.reads("enacted")
            if text.startswith(f"({n})") or re.match(rf"(?:\d+\. )?[a-z]\. \({n}\)", text):
                return q
    return inside[0]


@lru_cache(maxsize=1)
def passages() -> dict[str, list[str]]:
    """Paragraph anchor -> the parameters located there (where a parameter comes from does not
    depend on the law version)."""
    out: dict[str, list[str]] = {}
    for name, p in enacted().parameters.items():
        out.setdefault(locate(p).anchor, []).append(name)
    return out


@lru_cache(maxsize=1)
def veto_paragraphs() -> dict[str, list[VetoChange]]:
    """Paragraph anchor -> the conditional veto's changes to it (veto.yaml): at the paragraph of the
    parameter that models a change, of the words it quotes, or the section's first (the title)."""
    out: dict[str, list[VetoChange]] = {}
    for change in vetoes().values():
        if change.parameter:
            paragraph = locate(enacted().parameter(change.parameter))
        elif change.quote:
            paragraph = next(p for s in sections() for p in s.paragraphs if change.quote in p.text)
        else:
            paragraph = next(s for s in sections() if s.number == change.section).paragraphs[0]
        out.setdefault(paragraph.anchor, []).append(change)
    return out
