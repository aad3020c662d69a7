! race: no
! A nestable lock taken around every update.
program nest_lock_both
  use omp_lib
  implicit none
  integer(omp_nest_lock_kind) :: lk
  integer :: i, tally
  tally = 0
  call omp_init_nest_lock(lk)
  !$omp parallel do
  do i = 1, 100
    call omp_set_nest_lock(lk)
    tally = tally + i
    call omp_unset_nest_lock(lk)
  end do
  !$omp end parallel do
  call omp_destroy_nest_lock(lk)
  print *, tally
end program
