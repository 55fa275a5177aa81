raise
