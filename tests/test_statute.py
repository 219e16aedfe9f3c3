"""The bill's markup read into versions, sections and paragraphs; every parameter finds its passage."""
import pytest

from grownj import enacted, statute

TEXT = statute.STATUTE_FILE.read_text(encoding="utf-8")


def test_parse_tells_the_four_kinds_of_text_apart():
    kinds = [(s.kind, s.text) for s in statute.parse("a [b] ¹c [d]¹ e ¹[f]¹")]
    assert kinds == [("text", "a "), ("deleted", "b"), ("text", " "), ("inserted", "c "),
                     ("committee_deleted", "d"), ("text", " e "), ("committee_deleted", "f")]


def test_versions_read_the_markup_as_the_contract_says():
    enacted_text, introduced, prior = (statute.version_text(TEXT, v) for v in ("enacted", "introduced", "prior"))
    assert "¹" not in enacted_text and "[" not in enacted_text
    # s.6 d(2): forfeiture as enacted and in prior law, pro rata reduction as introduced.
    assert "there shall be a pro rata reduction" in introduced and "pro rata reduction" not in enacted_text
    # bill s.1: "[$100,000] $25,000".
    assert "not less than $25,000 of tax credits to any" in enacted_text and "not less than $100,000" in prior
    # bill s.8 is wholly a committee insertion.
    assert "Garden State Growth Zone Development Entity" in enacted_text
    assert "Garden State Growth Zone Development Entity" not in introduced


def test_sections_follow_the_bill():
    numbers = [s.number for s in statute.sections()]
    assert numbers == list(range(10))
    assert statute.sections()[4].title.startswith("Section 5 of P.L.2011, c.149 (C.34:1B-246)")


def test_every_parameter_is_located_in_its_bill_section():
    for name, p in enacted().parameters.items():
        assert statute.locate(p).anchor.startswith(f"bill-s{p.reference['bill']}-p"), name


@pytest.mark.parametrize("name, words", [
    ("base_other", "$500 per year"), ("cap_uth", "$12,000 per year"), ("annual_cap_priority", "$4,000,000"),
    ("mega_hq_new_jobs", "corporate headquarters"), ("amount_necessary_threshold", "$4,000,000 annually"),
    ("mrera_min_jobs", "Municipal Rehabilitation"), ("forfeiture_rule", "80 percent"),
    ("commitment_period_factor", "1.5 times"),
])
def test_a_parameter_paragraph_holds_its_words(name, words):
    assert words in statute.locate(enacted().parameter(name)).reads("enacted")


def test_markup_html_strikes_deletions_highlights_insertions_and_the_passage():
    out = statute.markup_html("keep [old] ¹new¹ <b>", highlight="¹new¹")
    assert "<del" in out and "[old]" in out and "<ins" in out and "&lt;b&gt;" in out
    assert "class='passage'" in out and out.index("class='passage'") < out.index("<ins")


def test_a_committee_insertion_spanning_paragraphs_keeps_its_kind_in_each():
    # s.2 "Mega project": "retained¹; d. ... e. ... retained¹." is one insertion over three paragraphs.
    mega_d = statute.locate(enacted().parameter("mega_hq_new_jobs"))
    assert mega_d.reads("enacted").startswith("d. a qualified business facility housing the corporate")
    assert mega_d.reads("introduced") == ""
    assert all(s.kind == "inserted" for s in mega_d.segments)
    # Bill s.8 is inserted whole: none of its paragraphs is in the bill as introduced.
    section8 = next(s for s in statute.sections() if s.number == 8)
    assert not section8.in_version("introduced") and section8.in_version("enacted")
    assert [p.reads("introduced") for p in section8.paragraphs if p.reads("introduced")] == [
        "(cf: P.L.2013, c.161, s.24)"]  # the amendment's note sits outside the insertion
