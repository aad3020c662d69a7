! RUN: %expect-exit 1 %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=[privateer-
! An ASSUME inside a parallel loop states what holds where the code it
! covers runs, also of values the analysis cannot see (MUMPS's shapes):
! the slot a node loads is the node's own (step(work(node)) == node), so the
! branch on the ScaLAPACK root runs for one node and its shared scalar has
! one writer; a private DEST never -1, so the send path is dead. Stated
! nothing, of another value, or before the END ASSUME only: the race stays.
subroutine root_stated(nsteps, step, work, root, k38)
  integer :: nsteps, root, k38, node
  integer :: step(*), work(*)
!$omp parallel do
  do node = 1, nsteps
    step(work(node)) = abs(step(work(node)))
!$omp assume holds(step(work(node)) == node)
    if (step(work(node)) == root) then
      k38 = work(node)
    end if
!$omp end assume
  end do
end subroutine

subroutine send_dead(n, istep, cand, dest_shr, val_shr, a)
  integer :: n, dest_shr, k, dest
  integer :: istep(n), cand(n)
  double precision :: val_shr, a(n)
!$omp parallel do private(dest)
  do k = 1, n
    dest = cand(istep(k))
!$OMP ASSUME HOLDS(DEST .NE. -1)
    if (dest == -1) then
      dest_shr = dest
      val_shr = a(k)
    else
      a(k) = a(k) + 1
    end if
!$OMP END ASSUME
  end do
end subroutine

subroutine root_unstated(nsteps, step, work, root, k38)
  integer :: nsteps, root, k38, node
  integer :: step(*), work(*)
!$omp parallel do
  do node = 1, nsteps
    if (step(work(node)) == root) then
      k38 = work(node)
    end if
  end do
end subroutine

subroutine root_other_value(nsteps, step, work, root, k38)
  integer :: nsteps, root, k38, node
  integer :: step(*), work(*)
!$omp parallel do
  do node = 1, nsteps
!$omp assume holds(work(node) >= 1)
    if (step(work(node)) == root) then
      k38 = work(node)
    end if
!$omp end assume
  end do
end subroutine

subroutine send_after_end(n, cand, dest_shr, a)
  integer :: n, dest_shr, k, dest
  integer :: cand(n)
  double precision :: a(n)
!$omp parallel do private(dest)
  do k = 1, n
    dest = cand(k)
!$omp assume holds(dest /= -1)
    a(k) = a(k) + 1
!$omp end assume
    if (dest == -1) then
      dest_shr = dest
    end if
  end do
end subroutine
! CHECK: assume-in-region.f90:46:7: warning: 'k38' is written by every iteration without synchronization [privateer-shared-buffer]
! CHECK: assume-in-region.f90:58:7: warning: 'k38' is written by every iteration without synchronization [privateer-shared-buffer]
! CHECK: assume-in-region.f90:75:7: warning: 'dest_shr' is written by every iteration without synchronization [privateer-shared-buffer]
! CHECK: privateer-fortran: 1 translation unit, 3 findings

! The slot as MUMPS has it: a private ALLOCATABLE work array, whose
! element the model has no spelling for; the covered code reads one
! element of step, which the stated one is.
subroutine root_private_work(nsteps, step, pvs, root, k38)
  integer :: nsteps, root, k38, node
  integer :: step(*), pvs(*)
  integer, allocatable :: work(:)
!$omp parallel private(work)
  allocate(work(4))
!$omp do
  do node = 1, nsteps
    work(1) = pvs(node)
    step(work(1)) = abs(step(work(1)))
!$omp assume holds(step(work(1)) == node)
    if (step(work(1)) == root) then
      k38 = work(1)
    end if
!$omp end assume
  end do
!$omp end do
  deallocate(work)
!$omp end parallel
end subroutine
