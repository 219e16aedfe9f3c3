"""The law's words: the sentences and explanations a result carries, read from the rules' parameters."""
