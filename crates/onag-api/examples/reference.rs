fn main() {
    print!("{}", onag_api::reference());
}
