//! `Nimber` (nim arithmetic on words below 2^128) and `nim_table`.

use onag::nimber::Nimber128;
use onag_api::routes::nim::TableRequest;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyZeroDivisionError;
use pyo3::prelude::*;

use crate::{bad, report, run_stoppable};

/// A nimber *n, 0 ≤ n < 2^128: `+` and `-` are XOR, `*` the nim product, `/` division,
/// `**` powers (an ordinary integer exponent), `~x` the inverse.
///
/// >>> from onag import Nimber
/// >>> Nimber(5) * Nimber(51)
/// Nimber(255)
/// >>> print(Nimber(2) * 2)
/// *3
#[pyclass(frozen, module = "onag")]
#[derive(Clone, Copy)]
pub struct Nimber(pub u128);

/// A nimber from a `Nimber` or a non-negative `int` below 2^128.
fn word(obj: &Bound<'_, PyAny>) -> PyResult<Option<u128>> {
    if let Ok(n) = obj.cast::<Nimber>() {
        return Ok(Some(n.get().0));
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() || !obj.is_instance_of::<pyo3::types::PyInt>() {
        return Ok(None);
    }
    obj.extract::<u128>().map(Some).map_err(|_| {
        bad(format!(
            "{obj} is not a nimber: use an integer 0 ≤ n < 2^128"
        ))
    })
}

/// `a / b` in the nim field.
fn divide(a: u128, b: u128) -> PyResult<Nimber> {
    Nimber128(a)
        .checked_div(Nimber128(b))
        .map(|r| Nimber(r.0))
        .ok_or_else(|| PyZeroDivisionError::new_err("nim division by 0"))
}

/// An operator's result, or `NotImplemented` when the other operand is not a nimber.
fn answer(other: &Bound<'_, PyAny>, result: Option<Nimber>) -> PyResult<Py<PyAny>> {
    let py = other.py();
    match result {
        Some(n) => Ok(Bound::new(py, n)?.into_any().unbind()),
        None => Ok(py.NotImplemented()),
    }
}

#[pymethods]
impl Nimber {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        match word(value)? {
            Some(v) => Ok(Nimber(v)),
            None => Err(bad(format!(
                "Nimber() takes an integer 0 ≤ n < 2^128, not {}",
                value.get_type().name()?
            ))),
        }
    }

    /// The nim inverse (`ZeroDivisionError` for 0).
    ///
    /// >>> Nimber(2).inverse()
    /// Nimber(3)
    fn inverse(&self) -> PyResult<Nimber> {
        Nimber128(self.0)
            .inverse()
            .map(|r| Nimber(r.0))
            .ok_or_else(|| PyZeroDivisionError::new_err("0 has no nim inverse"))
    }

    /// The nim square root (squaring is the Frobenius map, so every nimber has one).
    ///
    /// >>> Nimber(2).sqrt()
    /// Nimber(3)
    fn sqrt(&self) -> Nimber {
        Nimber(Nimber128(self.0).sqrt().0)
    }

    fn __int__(&self) -> u128 {
        self.0
    }

    fn __bool__(&self) -> bool {
        self.0 != 0
    }

    fn __hash__(&self) -> u64 {
        (self.0 as u64) ^ ((self.0 >> 64) as u64).rotate_left(17)
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0)
    }

    fn __str__(&self) -> String {
        format!("*{}", self.0)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(Some(o)) = word(other) else {
            return Ok(py.NotImplemented());
        };
        let answer = match op {
            CompareOp::Eq => self.0 == o,
            CompareOp::Ne => self.0 != o,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(other, word(other)?.map(|o| Nimber(self.0 ^ o)))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(other)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(other)
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(
            other,
            word(other)?.map(|o| Nimber((Nimber128(self.0) * Nimber128(o)).0)),
        )
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let quotient = match word(other)? {
            None => None,
            Some(o) => Some(divide(self.0, o)?),
        };
        answer(other, quotient)
    }

    fn __rtruediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let quotient = match word(other)? {
            None => None,
            Some(o) => Some(divide(o, self.0)?),
        };
        answer(other, quotient)
    }

    /// `x ** e` for an integer `e`; a negative `e` is a power of the inverse.
    fn __pow__(
        &self,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Nimber> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(bad("pow() with a modulus is not defined for nimbers"));
        }
        let e: i128 = exponent
            .extract()
            .map_err(|_| bad("a nimber exponent is an integer with |e| < 2^127"))?;
        let base = if e < 0 { self.inverse()? } else { *self };
        Ok(Nimber(Nimber128(base.0).pow(e.unsigned_abs()).0))
    }

    fn __invert__(&self) -> PyResult<Nimber> {
        self.inverse()
    }

    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (u128,)) {
        (py.get_type::<Nimber>().into_any().unbind(), (self.0,))
    }
}

/// The n×n nim-multiplication table with its field marking: the library's `NimTableReport`
/// (`size`, `cells`, `marking` with `closed`, `max`, `field`), as `onag nim table --json` and
/// `POST /api/nim/table` give it. Ctrl-C stops it.
#[pyfunction(name = "nim_table_report")]
fn nim_table_report_py<'py>(py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyAny>> {
    // The API's request: its bound and message are the CLI's and the page's.
    let request = TableRequest { size: n }.checked().map_err(bad)?;
    let table = run_stoppable(py, None, move |stop, _| {
        request.run(stop).map_err(|e| e.to_string())
    })?;
    report(py, &table)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Nimber>()?;
    m.add_function(wrap_pyfunction!(nim_table_report_py, m)?)?;
    Ok(())
}
