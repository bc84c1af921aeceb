"""Pictures of positions: the drawing (:mod:`service.pictures.drawing`, text as outlines by
:mod:`service.pictures.glyphs`), and the operations that answer one
(:mod:`service.pictures.render`) or a replay's animation (:mod:`service.pictures.animation`)."""
