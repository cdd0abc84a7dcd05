//! The typed error of [`crate::dispatch`]: a kind (which maps to an HTTP status) and a message
//! for a person.

/// What kind of failure: the HTTP front end answers [`ErrorKind::status`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// 400: the input is malformed (bad JSON syntax included) or breaks a rule.
    BadRequest,
    /// 404: no such route.
    NotFound,
    /// 413: the request body is larger than [`crate::limits::MAX_BODY_BYTES`].
    BodyTooLarge,
    /// 422: well-formed JSON of the wrong shape or types, or a computation too large for the
    /// engine's limits.
    Unprocessable,
    /// 503: the computation was stopped through its [`onag::StopFlag`] (time budget).
    Stopped,
    /// 500: a failure of the engine itself (a broken invariant).
    Internal,
}

impl ErrorKind {
    /// The HTTP status code of this kind.
    pub fn status(self) -> u16 {
        match self {
            Self::BadRequest => 400,
            Self::NotFound => 404,
            Self::BodyTooLarge => 413,
            Self::Unprocessable => 422,
            Self::Stopped => 503,
            Self::Internal => 500,
        }
    }
}

/// A failed request: its kind and what went wrong, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The kind (and so the HTTP status).
    pub kind: ErrorKind,
    /// The message shown to the user.
    pub message: String,
}

impl ApiError {
    /// An error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }

    /// A [`ErrorKind::BadRequest`].
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::BadRequest, message)
    }

    /// An [`ErrorKind::Unprocessable`].
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unprocessable, message)
    }

    /// An [`ErrorKind::Stopped`].
    pub fn stopped(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Stopped, message)
    }

    /// An [`ErrorKind::Internal`].
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Internal, message)
    }

    /// The JSON body every front end sends for this error: `{"error": "<message>"}`.
    ///
    /// # Examples
    /// ```
    /// let e = onag_api::ApiError::bad("no");
    /// assert_eq!(e.to_json(), br#"{"error":"no"}"#.to_vec());
    /// ```
    pub fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(&serde_json::json!({ "error": self.message }))
            .unwrap_or_else(|_| b"{\"error\":\"?\"}".to_vec())
    }
}

/// A computation ended through its [`onag::StopFlag`]: the time budget ran out (503).
impl From<onag::Stopped> for ApiError {
    fn from(_: onag::Stopped) -> Self {
        Self::stopped("the computation was stopped (time budget)")
    }
}

/// Reads a JSON request body: a syntax error is 400, a wrong shape 422 naming the field (as
/// axum's `Json` extractor answered before this crate).
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    use serde_json::error::Category;
    let mut de = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let data = e.inner().classify() == Category::Data;
        if data {
            ApiError::new(
                ErrorKind::Unprocessable,
                format!("Failed to deserialize the JSON body into the target type: {e}"),
            )
        } else {
            ApiError::bad(format!("Failed to parse the request body as JSON: {e}"))
        }
    })?;
    de.end()
        .map_err(|e| ApiError::bad(format!("Failed to parse the request body as JSON: {e}")))?;
    Ok(value)
}
