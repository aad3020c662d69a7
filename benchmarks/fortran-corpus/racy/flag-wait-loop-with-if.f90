! race: yes
! A wait loop that also counts its tries in an IF is not a flag hand-off (as in C): the worksharing loop's shared temporary races.
program flag_wait_loop_with_if
  implicit none
  integer :: i, ready, tries
  real :: a(64), b(64), t
  a = 1.0
  ready = 0
  !$omp parallel private(tries)
  tries = 0
  !$omp master
  ready = 1
  !$omp flush(ready)
  !$omp end master
  do while (ready == 0)
    !$omp flush(ready)
    if (tries < 1000) tries = tries + 1
  end do
  !$omp do
  do i = 1, 64
    t = a(i) * 2.0
    b(i) = t
  end do
  !$omp end do
  !$omp end parallel
  print *, b(1)
end program
