"""Statute: the bill as marked up, by section, with every parameter linked to its passage."""
import html

import streamlit as st

from grownj import VERSIONS, enacted
from grownj.law import register, statute
from grownj.ui import page, passage
from grownj.ui.formats import parameter_label
from grownj.ui.text import code_words

VIEWS = {"markup": "Marked up (deletions struck, committee changes coloured)",
         **{k: f"The text {v}" if v.startswith("as ") else f"The text of {v}" for k, v in VERSIONS.items()}}


@st.cache_data(show_spinner=False)
def section_html(number: int, view: str) -> str:
    """One bill section as HTML: a paragraph per block, each with its anchor and its parameters."""
    located = statute.passages()
    # The veto's changes show where the signed law is read: on the markup and as enacted.
    vetoed = statute.veto_paragraphs() if view in ("markup", "enacted") else {}
    section = next(s for s in statute.sections() if s.number == number)
    parts = []
    for para in section.paragraphs[1 if number else 0:]:  # a section's first block is its heading
        body = statute.markup_html(para.segments) if view == "markup" else html.escape(para.reads(view))
        if not body.strip():
            continue
        names = located.get(para.anchor, [])
        # In words, as the policy reforms name them ("Commitment period factor"), not as code.
        badges = (" <small>· sets: " + ", ".join(html.escape(parameter_label(n)) for n in names) + "</small>"
                  if names else "")
        notes = "".join(f"<div style='border-left:4px solid #b03a2e;padding:2px 8px;margin:4px 0;background:#fbeeee'>"
                        f"<b>Changed by the conditional veto</b> (the law as enacted): {html.escape(c.change)} "
                        f"<br><small>Known: {html.escape(c.known)}. Source: {html.escape(c.source)}</small></div>"
                        for c in vetoed.get(para.anchor, []))
        parts.append(f"<p id='{para.anchor}'>{notes}{body}{badges}</p>")
    return "\n".join(parts)


page.setup("Statute")
page.nav()
page.title("The statute", "pages/6_Statute.py")
st.caption("Economic Opportunity Act of 2014, Part 3 (P.L.2014 c.63), as the bill reads with its markup: "
           "[brackets] delete prior law; ¹superscript ones¹ mark the committee's insertions and ¹[deletions]¹. "
           "This is the bill as passed in June 2014: the Governor's conditional veto changed it before he signed "
           "it on October 24, 2014, and the signed text was not retrieved word for word, so the law as enacted "
           "reads as this text with each change the veto made marked in red where it applies, with its source.")

law = enacted()
names = list(law.parameters)
asked = st.query_params.get("param")
if "w_statute_param" not in st.session_state and asked in names:
    st.session_state["w_statute_param"] = asked
left, right = st.columns([2, 3])
view = left.radio("Show", list(VIEWS), format_func=VIEWS.get, key="w_statute_view")
chosen = right.selectbox("Find a parameter's passage", names, index=None, key="w_statute_param",
                         placeholder="type a word of a figure's name, e.g. cap",
                         format_func=lambda n: f"{parameter_label(n)}: {code_words(law.parameter(n).description)[:70]}")
if chosen:
    if st.query_params.get("param") != chosen:
        st.query_params["param"] = chosen
    with st.container(border=True):
        passage.show(chosen, with_link=False)
        st.markdown(f"[Go to the paragraph in the text below](#{statute.locate(law.parameter(chosen)).anchor})")

with st.expander("Interpretation register: our readings where the text is silent or unclear"):
    st.caption("Each \"Register N\" in the app's notes is the entry numbered N here (the interpretation "
               "register of the project's contract).")
    for number, text in register.entries().items():
        st.markdown(f"<p id='register-{number}'><b>Register {number}.</b> {html.escape(code_words(text))}</p>",
                    unsafe_allow_html=True)

with st.sidebar:
    st.subheader("Sections")
    for s in statute.sections()[1:]:
        st.markdown(f"[{s.number}. {s.title.split(' is amended')[0]}](#{s.anchor})")

for s in statute.sections():
    st.subheader(f"{s.number}. {s.title}" if s.number else s.title, anchor=s.anchor)
    if view != "markup" and s.number and not s.in_version(view):
        st.caption("Not in this version: the committee inserted this whole section.")
    st.markdown(section_html(s.number, view), unsafe_allow_html=True)
