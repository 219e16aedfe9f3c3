import streamlit as st

st.title("grownj")
