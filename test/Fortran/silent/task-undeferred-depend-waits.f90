! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! An undeferred task whose depend(inout: acc) orders it after the task that
! sums into 'acc' (depend(out: acc)) cannot start before that task has
! finished, and its creator runs it at once: the creator's read of 'acc'
! after it, and the task made after it that rescales 'acc' with no depend
! clause of its own, both come after the sum. 'n_done' is read after the
! taskwait. (As the C front end: acceptance/silent tasks.)
subroutine sum_then_scale(n, a, acc, n_done)
  integer :: n, i, n_done
  real(8) :: a(n), acc
  !$omp parallel
  !$omp single
  !$omp task depend(out: acc) shared(acc)
  do i = 1, n
    acc = acc + a(i)
  end do
  !$omp end task
  !$omp task shared(n_done)
  n_done = n
  !$omp end task
  !$omp task depend(inout: acc) if(.false.)
  !$omp end task
  print *, acc
  !$omp task shared(acc)
  acc = acc / n
  !$omp end task
  !$omp taskwait
  print *, n_done, acc
  !$omp end single
  !$omp end parallel
end subroutine
