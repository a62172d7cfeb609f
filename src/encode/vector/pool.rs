//! The vector env's threads: workers started once and parked between calls, woken for a
//! call's job. A job is a number of blocks handed out one at a time from a counter, and the
//! calling thread takes blocks too: a worker that wakes late (its core busy with something
//! else) finds fewer blocks or none, and the call never waits for a worker that has not
//! started. A panic in a block is caught and reported; the workers live on.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// One call's work: blocks `0..blocks`, each run once by whichever thread claims it.
struct Job<'a> {
    next: AtomicUsize,
    blocks: usize,
    block: &'a (dyn Fn(usize) + Sync),
    /// The message of the first block that panicked.
    panic: Mutex<Option<String>>,
}

impl Job<'_> {
    fn run(&self) {
        loop {
            let b = self.next.fetch_add(1, Ordering::Relaxed);
            if b >= self.blocks {
                return;
            }
            if let Err(payload) = catch_unwind(AssertUnwindSafe(|| (self.block)(b))) {
                let mut first = lock(&self.panic);
                if first.is_none() {
                    *first = Some(panic_message(payload.as_ref()));
                }
            }
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

/// The job a worker may join: its lifetime is erased, which `Pool::run` makes sound by
/// not returning before every worker that joined it has left.
#[derive(Clone, Copy)]
struct JobRef(*const Job<'static>);
// The job is only read through `&Job`, which is Sync (atomics, a mutex, a Sync closure).
unsafe impl Send for JobRef {}

struct Board {
    /// The open job, if any.
    job: Option<JobRef>,
    /// Counts the jobs opened: a worker joins each at most once.
    serial: u64,
    /// Workers inside the open (or just closed) job.
    inside: usize,
    quit: bool,
}

struct Shared {
    board: Mutex<Board>,
    /// A job opened, or quit.
    wake: Condvar,
    /// `inside` fell to 0.
    left: Condvar,
}

/// A poisoned lock is taken anyway: nothing panics while holding one (blocks run unlocked).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn worker(shared: &Shared) {
    let mut seen = 0;
    loop {
        let job = {
            let mut board = lock(&shared.board);
            loop {
                if board.quit {
                    return;
                }
                match board.job {
                    Some(job) if board.serial != seen => {
                        seen = board.serial;
                        board.inside += 1;
                        break job;
                    }
                    _ => board = shared.wake.wait(board).unwrap_or_else(|e| e.into_inner()),
                }
            }
        };
        // Sound: the job stays alive until `inside` is back to 0 (see `Pool::run`).
        unsafe { &*job.0 }.run();
        let mut board = lock(&shared.board);
        board.inside -= 1;
        if board.inside == 0 {
            shared.left.notify_all();
        }
    }
}

/// Closes the open job and waits for the workers inside it, also if the caller unwinds.
struct Close<'a>(&'a Shared);

impl Drop for Close<'_> {
    fn drop(&mut self) {
        let mut board = lock(&self.0.board);
        board.job = None;
        while board.inside > 0 {
            board = self.0.left.wait(board).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Worker threads for the calling thread to share its blocks with; started when first
/// needed, stopped and joined on drop.
pub struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
    /// The process that started the workers: a child forked from it (multiprocessing)
    /// inherits the handles but not the threads.
    process: u32,
}

impl Default for Pool {
    fn default() -> Self {
        Pool::new()
    }
}

impl Pool {
    pub fn new() -> Pool {
        Pool {
            shared: Arc::new(Shared {
                board: Mutex::new(Board {
                    job: None,
                    serial: 0,
                    inside: 0,
                    quit: false,
                }),
                wake: Condvar::new(),
                left: Condvar::new(),
            }),
            workers: Vec::new(),
            process: std::process::id(),
        }
    }

    /// The workers started (one fewer than the threads a job may run on).
    #[cfg(test)]
    pub fn workers(&self) -> usize {
        self.workers.len()
    }

    /// Start workers up to `count`. One the system refuses is simply not there: the
    /// others (and the calling thread) take its blocks.
    fn grow(&mut self, count: usize) {
        while self.workers.len() < count {
            let shared = Arc::clone(&self.shared);
            let started = std::thread::Builder::new()
                .name("quinza-vector".into())
                .spawn(move || worker(&shared));
            match started {
                Ok(handle) => self.workers.push(handle),
                Err(_) => break,
            }
        }
    }

    /// Run `block(b)` for every `b` in `0..blocks` on the calling thread and up to
    /// `threads - 1` workers; returns when all are done. `Err`: the message of a block that
    /// panicked (the other blocks ran).
    pub fn run(
        &mut self,
        blocks: usize,
        threads: usize,
        block: &(dyn Fn(usize) + Sync),
    ) -> Result<(), String> {
        let job = Job {
            next: AtomicUsize::new(0),
            blocks,
            block,
            panic: Mutex::new(None),
        };
        let helpers = threads.saturating_sub(1).min(blocks.saturating_sub(1));
        if helpers > 0 {
            self.grow(helpers);
            let shared = &*self.shared;
            // Dropped before `job` (declared after it), on unwinding too.
            let _close = Close(shared);
            {
                let mut board = lock(&shared.board);
                let erased: *const Job<'_> = &job;
                board.job = Some(JobRef(erased.cast()));
                board.serial += 1;
            }
            for _ in 0..helpers.min(self.workers.len()) {
                shared.wake.notify_one();
            }
            job.run();
            // `_close` drops here: no worker is inside `job` once it has.
        } else {
            job.run();
        }
        match job.panic.into_inner().unwrap_or_else(|e| e.into_inner()) {
            None => Ok(()),
            Some(message) => Err(message),
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        if std::process::id() != self.process {
            // A forked child: its copies of the workers are not threads of this process.
            // glibc lets a join of them return at once; not every libc does. Leave them.
            std::mem::forget(std::mem::take(&mut self.workers));
            return;
        }
        lock(&self.shared.board).quit = true;
        self.shared.wake.notify_all();
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn every_block_runs_once_whatever_the_threads() {
        let mut pool = Pool::new();
        for threads in [1, 2, 3, 8] {
            for blocks in [0, 1, 2, 5, 100] {
                let runs: Vec<AtomicU64> = (0..blocks).map(|_| AtomicU64::new(0)).collect();
                pool.run(blocks, threads, &|b| {
                    runs[b].fetch_add(1, Ordering::Relaxed);
                })
                .unwrap();
                assert!(runs.iter().all(|r| r.load(Ordering::Relaxed) == 1));
            }
        }
        assert_eq!(pool.workers(), 7);
    }

    #[test]
    fn many_jobs_in_a_row_each_finish_before_run_returns() {
        let mut pool = Pool::new();
        let total = AtomicU64::new(0);
        for k in 0..2000u64 {
            let before = total.load(Ordering::Relaxed);
            pool.run(4, 3, &|b| {
                total.fetch_add(k * 4 + b as u64, Ordering::Relaxed);
            })
            .unwrap();
            assert_eq!(total.load(Ordering::Relaxed) - before, k * 16 + 6);
        }
    }

    #[test]
    fn a_panicking_block_is_an_error_and_the_pool_goes_on() {
        let mut pool = Pool::new();
        let done = AtomicU64::new(0);
        let caught = pool.run(6, 2, &|b| {
            if b == 3 {
                panic!("block {b} failed");
            }
            done.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(caught, Err("block 3 failed".to_string()));
        assert_eq!(done.load(Ordering::Relaxed), 5);
        let again = AtomicU64::new(0);
        pool.run(6, 2, &|_| {
            again.fetch_add(1, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(again.load(Ordering::Relaxed), 6);
    }
}
