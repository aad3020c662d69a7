! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An 'if' clause through a LOGICAL the code assigned from a condition (MUMPS:
! 'omp_flag = keep399 == 1 .and. nprocs == 1', then 'parallel if(omp_flag)'):
! the region runs in parallel only where that condition held, as if the
! clause spelled it. The copy a(i) = a(i + k) over i = 1..n races only for
! k < n. The condition counts only when the flag's one assignment reaches
! the clause and nothing changes the flag or what it compared in between:
! a second assignment on some path, the flag passed to a call, or k changed
! after the assignment leave the region parallel for every k, and it races.
subroutine copy_flag(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  logical :: flag
  flag = k >= n .and. n > 0
  !$omp parallel do if(flag)
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine

subroutine copy_flag_not(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  logical :: serial
  serial = k < n
  !$omp parallel do if(.not. serial)
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine

subroutine copy_flag_reassigned(n, k, a, force)
  integer :: n, k, i
  real :: a(n + k)
  logical :: flag, force
  flag = k >= n
  if (force) flag = .true.
  !$omp parallel do if(flag)
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine
! CHECK: parallel-if-assigned-flag.f90:41:5: warning: 'a' is written by one iteration and read by another

subroutine copy_flag_passed(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  logical :: flag
  external :: setflag
  flag = k >= n
  call setflag(flag)
  !$omp parallel do if(flag)
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine
! CHECK: parallel-if-assigned-flag.f90:55:5: warning: 'a' is written by one iteration and read by another

subroutine copy_flag_stale(n, k, a)
  integer :: n, k, i
  real :: a(n + 2 * k)
  logical :: flag
  flag = k >= n
  k = k - n
  !$omp parallel do if(flag)
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine
! CHECK: parallel-if-assigned-flag.f90:68:5: warning: 'a' is written by one iteration and read by another

! MUMPS's functions jump (GOTO 500 on an error): the flag and what it
! compared may be written in other blocks, which never run between the
! assignment and the clause when both are in one block.
subroutine copy_flag_unstructured(n, k, a, info)
  integer :: n, k, i, info
  real :: a(n + k)
  logical :: flag
  external :: report
  if (info < 0) goto 500
  flag = k >= n
  !$omp parallel do if(flag)
  do i = 1, n
    a(i) = a(i + k)
  end do
  return
500 continue
  flag = .true.
  call report(k, flag)
end subroutine

! The same jump, with k changed between the assignment and the clause.
subroutine copy_flag_unstructured_stale(n, k, a, info)
  integer :: n, k, i, info
  real :: a(n + 2 * k)
  logical :: flag
  external :: report
  if (info < 0) goto 500
  flag = k >= n
  k = k - n
  !$omp parallel do if(flag)
  do i = 1, n
    a(i) = a(i + k)
  end do
  return
500 continue
  call report(k, flag)
end subroutine
! CHECK: parallel-if-assigned-flag.f90:104:5: warning: 'a' is written by one iteration and read by another
