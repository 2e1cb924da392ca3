"""Play a friend on another machine (docs/online.md): the host's match session is the
referee, the guest one more front end. This package holds the link and the protocol,
below both front ends: `protocol` (the messages), `codes` (the join code and the guards),
`host_link`/`guest_link` (the websocket ends, aiohttp, on the program's own loop),
`relay` (a game with both seats online), `takebacks` (the rules and words of an ask).
The line mode's part is `app.plain.online_*`, the full screen's `app.tui.online_*`."""
