//! Nivasch's g-points (placeholder, filled below).
