//! Multi-queen positions (placeholder).
