"""The invented sample cards the scenarios play with (paraphrases, not real card text)."""
