"""The Streamlit app: router, pages and the pure pieces they draw with."""
