"""The Act's programs beside the Grow NJ credit, each with its sentences: the year-by-year schedule
and its forfeiture (s.6), credit use and transfer (s.6 c, s.7), ERG residential credits, the growth
zone exemption and the s.6 b deadlines."""
