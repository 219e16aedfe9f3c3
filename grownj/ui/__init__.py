"""Streamlit widgets and state shared by the pages, and the library of saved scenarios they read and
write: the one part of grownj that imports streamlit."""
