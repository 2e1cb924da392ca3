"""Processes and streams: the solver's helper process, watching the server that started us, standard streams that never crash."""
