"""Streamlit widgets and state shared by the pages: the one part of grownj that imports streamlit."""
