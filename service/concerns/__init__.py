"""What a game operation's request may be held to beyond its body: signed positions, clocks
kept in their tokens, load shedding, the shape of its dice."""
