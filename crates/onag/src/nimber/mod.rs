//! Nimbers: nim addition (XOR) and Conway's nim multiplication on 64- and 128-bit words.
