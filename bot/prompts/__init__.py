"""Text templates of the replies (three languages side by side)."""
