//! The file whose expression is being evaluated, for functions that
//! resolve paths beside it.

// Thread-local, set by the evaluator around each file's evaluation. No
// context reaches a function: `FunctionSpec::implementation` has go-cty's
// signature, `Fn(&[Value], &Type)`, which every function implements, the
// user's too, so a call context would change all of them. An evaluation
// runs on one thread.
thread_local! {
    /// The name of the file whose expression is being evaluated (innermost
    /// evaluation), for functions that resolve paths beside it.
    static CURRENT_FILE: std::cell::RefCell<Option<std::sync::Arc<str>>> =
        const { std::cell::RefCell::new(None) };
}

/// The name of the source file of the expression being evaluated.
#[cfg_attr(not(feature = "filesystem"), allow(dead_code))]
pub(super) fn current_file() -> Option<std::sync::Arc<str>> {
    CURRENT_FILE.with(|c| c.borrow().clone())
}

/// Runs `f` with `name` as the [`current_file`].
pub(crate) fn with_current_file<R>(name: std::sync::Arc<str>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<std::sync::Arc<str>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            CURRENT_FILE.with(|c| *c.borrow_mut() = prev);
        }
    }
    let _restore = Restore(CURRENT_FILE.with(|c| c.borrow_mut().replace(name)));
    f()
}
