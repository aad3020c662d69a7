! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A whole scalar each iteration reads and then writes (check, then act):
! the advice is one critical around both, never an atomic write; the '.or.'
! reduction hint only for what may be a flag (not a real).
subroutine best_other(a, b, n, m)
  integer :: n, i
  real :: a(n), b(n), m
!$omp parallel do
  do i = 1, n
    if (a(i) > m) m = b(i)
  end do
!$omp end parallel do
end subroutine
! CHECK: check-then-act.f90:11:19: warning: 'm' is written by every iteration without synchronization
! CHECK: note: 'm' is shared by this '!$omp parallel do'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: protect both with one '!$omp critical'{{$}}

subroutine found_once(a, n, key, found)
  integer :: n, i, key, found
  integer :: a(n)
!$omp parallel do
  do i = 1, n
    if (found == 0 .and. a(i) == key) found = 1
  end do
!$omp end parallel do
end subroutine
! CHECK: check-then-act.f90:23:39: warning: 'found' is written by every iteration without synchronization
! CHECK: note: 'found' is shared by this '!$omp parallel do'; no automatic fix: each iteration reads 'found' and then writes it, and an atomic write would not keep the two together: protect both with one '!$omp critical'; a flag that only ever becomes true can be a 'reduction(.or.: found)'
