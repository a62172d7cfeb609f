//! pyo3's cfgs (`Py_3_11`, `Py_LIMITED_API`, ...) for the Python module, so
//! src/python/buffers.rs knows whether the stable ABI it is built for has the buffer
//! protocol. Nothing to do for the core alone (`cargo test` without the python feature).

fn main() {
    // Only this file (and pyo3-build-config, a dependency) changes the outputs: without
    // this line any file of the package, python/ included, would rerun it.
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "python")]
    pyo3_build_config::use_pyo3_cfgs();
}
