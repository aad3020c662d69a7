! RUN: %expect-exit 1 %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
! Critical sections exclude each other only when they share a name (as in
! C): EVEN and ODD updating one counter race, and so do a critical section
! and an ATOMIC update; one name twice, or a section nested in one of the
! other's name, do not.
subroutine even_odd(n, hits)
  integer :: n, i, hits
  !$omp parallel do
  do i = 1, n
    if (mod(i, 2) == 0) then
      !$omp critical (even)
      hits = hits + 1
      !$omp end critical (even)
    else
      !$omp critical (odd)
      hits = hits + 1
      !$omp end critical (odd)
    end if
  end do
end subroutine
! CHECK: critical-names.f90:16:7: warning: 'hits' is written in critical section 'even' and written in critical section 'odd': critical sections of different names do not exclude each other

! MUMPS's dana_lr.F: one branch counts groups in a named critical section,
! the other with ATOMIC CAPTURE; the two do not exclude each other.
subroutine critical_and_atomic(n, nbgroups, mine)
  integer :: n, i, nbgroups, mine
  !$omp parallel do private(mine)
  do i = 1, n
    if (mod(i, 2) == 0) then
      !$omp critical (lrgrouping_cri)
      nbgroups = nbgroups + 2
      !$omp end critical (lrgrouping_cri)
    else
      !$omp atomic capture
      nbgroups = nbgroups + 1
      mine = nbgroups
      !$omp end atomic
    end if
  end do
end subroutine
! CHECK: critical-names.f90:34:13: warning: 'nbgroups' is written in critical section 'lrgrouping_cri' and written atomically: the two do not exclude each other

subroutine same_name(n, hits)
  integer :: n, i, hits
  !$omp parallel do
  do i = 1, n
    if (mod(i, 2) == 0) then
      !$omp critical (count)
      hits = hits + 1
      !$omp end critical (count)
    else
      !$omp critical (count)
      hits = hits + 2
      !$omp end critical (count)
    end if
  end do
end subroutine

subroutine nested(n, hits)
  integer :: n, i, hits
  !$omp parallel do
  do i = 1, n
    if (mod(i, 2) == 0) then
      !$omp critical (outer)
      !$omp critical (inner)
      hits = hits + 1
      !$omp end critical (inner)
      !$omp end critical (outer)
    else
      !$omp critical (outer)
      hits = hits + 2
      !$omp end critical (outer)
    end if
  end do
end subroutine
