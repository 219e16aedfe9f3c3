"""The bill's markup read into versions, sections and paragraphs; every parameter finds its passage."""
import re

import pytest

from grownj import enacted
from grownj.law import statute

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


def paragraph(starts: str) -> statute.Paragraph:
    """The one paragraph whose text in some version starts with `starts`."""
    found = {p.anchor: p for s in statute.sections() for p in s.paragraphs
             if any(p.reads(v).startswith(starts) for v in ("enacted", "introduced", "prior"))}
    assert len(found) == 1, starts
    return next(iter(found.values()))


@pytest.mark.parametrize("version, words", [
    ("prior", "for the new construction of a non-industrial premises for non-industrial use by the business, "
              "a minimum investment of $120"),
    ("introduced", "for the new construction of a non-industrial premises for non-industrial use by the business, "
                   "a minimum investment of $120"),
    ("enacted", "for the new construction of a premises not used for industrial, warehousing, logistics, research, "
                "or development purposes for similar use by the business, a minimum investment of $120"),
])
def test_s3b4_new_construction_of_non_industrial_premises_in_each_version(version, words):
    # "¹[non-industrial]¹ premises ¹not used for ...¹ for ¹[non-industrial] similar¹ use": the committee
    # deleted prior law's "non-industrial" twice; nothing marks it as the bill's new matter.
    assert paragraph("(4) for the new construction of a").reads(version) == f"(4) {words} per square foot of gross leasable area."


@pytest.mark.parametrize("version, words", [
    ("prior", "eligible for a grant of tax credits. In a Garden State Growth Zone or the Atlantic City"),
    ("introduced", "eligible for a grant of tax credits. In a Garden State Growth Zone or the Atlantic City"),
    ("enacted", "eligible for a grant of tax credits. For a qualified business facility that is a mixed-use project "
                "that includes retail facilities and that is located in a Garden State Growth Zone"),
])
def test_s3e_mixed_use_retail_sentence_in_each_version(version, words):
    # "¹[In] For a qualified business facility ... located in¹ a Garden State Growth Zone".
    assert words in paragraph("e. A project that consists solely").reads(version)


@pytest.mark.parametrize("version, words", [
    ("prior", "then the business shall forfeit its credit amount for that tax period and each subsequent tax period, "
              "until the first tax period for which documentation demonstrating the restoration of the number of "
              "full-time employees employed by the business at the qualified business facility to 80 percent of the "
              "number of jobs specified in the incentive agreement has been reviewed and approved by the authority, "
              "for which tax period and each subsequent tax period the full amount of the tax credit shall be "
              "allowed."),
    ("introduced", "then there shall be a pro rata reduction of the business's tax credit amount for that tax period "
                   "and each subsequent tax period, until the first tax period for which documentation demonstrating "
                   "the number of full-time employees employed by the business at the qualified business facility "
                   "has been restored to at least 80 percent of the number of jobs specified in the incentive "
                   "agreement has been reviewed and approved by the authority, for which tax period and each "
                   "subsequent tax period the full amount of the tax credit shall be allowed."),
    ("enacted", "then the business shall forfeit its credit amount for that tax period and each subsequent tax "
                "period, until the first tax period for which documentation demonstrating the restoration of the "
                "number of full-time employees employed by the business at the qualified business facility to 80 "
                "percent of the number of jobs specified in the incentive agreement."),
])
def test_s6d2_restoration_sentence_in_each_version(version, words):
    # "[the restoration of] ¹the restoration of¹ ... ¹[has been restored]¹ to ¹[at least]¹ 80 percent ...
    # ¹[has been reviewed and approved by the authority, ...]¹": the bill rephrased prior law's restoration
    # (new matter the committee deleted), while the approval clause was prior law the committee deleted.
    text = paragraph("(2) If, in any tax period, the number of full-time employees").reads(version)
    assert text.endswith(words)


def test_every_new_matter_decision_names_one_committee_deletion():
    deleted = [s.text for s in statute.parse(TEXT) if s.kind.startswith("committee_deleted")]
    assert all(deleted.count(text) == 1 for text in statute.NEW_MATTER)


@pytest.mark.parametrize("version, words", [
    ("prior", "in an amount not less than $100,000 of tax credits, although one transfer"),
    ("enacted", "in an amount not less than $25,000 of tax credits to any other person"),
    ("prior", "no later than July 28, 2015. Applications"),
    ("enacted", "no later than July 28, 2018. Applications"),
    ("prior", "(2) A business that is a partnership shall not be allowed a credit under this section directly"),
    ("prior", "that has been provided to the Director of the Division of Taxation in the Department of the Treasury "
              "by such time and accompanied by such additional information"),
    ("introduced", "(2) Credits granted to a partnership shall be passed through to the partners"),
    ("prior", "taken for a tax period of the business that exceeds the final liabilities of the business"),
    ("prior", "or other like retail industry and the requirement"),
])
def test_where_the_markup_shows_old_then_new_prior_law_reads_the_old(version, words):
    # "[old] new": the bill's new matter (underlined in the original, unmarked here) replaces the
    # deletion; prior law reads the deletion alone (statute.REPLACED_BY).
    assert words in statute.version_text(TEXT, version)


@pytest.mark.parametrize("version", ["prior", "introduced", "enacted"])
def test_no_version_leaves_a_space_before_a_stop_or_a_comma(version):
    assert not re.search(r" [.,]", statute.version_text(TEXT, version))


def test_every_replacement_follows_its_deletion():
    segments = statute.parse(TEXT)
    new = {(before.text, s.text.strip()) for before, s in zip(segments, segments[1:]) if s.kind == "new"}
    assert new == set(statute.REPLACED_BY.items())
