"""Play a friend on another machine (docs/online.md): the host's match session is the
referee, the guest one more front end. `protocol` (the messages), `codes` (the join code
and the guards), `host_link`/`guest_link` (the websocket ends, aiohttp), `host_play`/
`guest_play`/`seats`/`play` (the plain mode on both sides), `cli` (host and join)."""
